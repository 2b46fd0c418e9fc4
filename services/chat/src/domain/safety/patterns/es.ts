import type { LanguagePatterns } from '../types.ts';

const close =
  '(marido|esposo|esposa|mujer|pareja|novio|novia|padre|papa|madre|mama|padrastro|madrastra|tio|hermano|hermana|ex|hijo|hija|jefe|jefa)';

export const es: LanguagePatterns = {
  language: 'es',
  negators: /\b(no|nunca|jamas|ningun|ninguna|ninguno|tampoco)\b/,
  suppressors: [
    /\bme mato (a|trabajando|estudiando)\b/,
    // Figures of speech: dying of laughter, of how good the cake was; leg day "killed" me.
    /\b(quiero|quisiera) morir(me)? de (risa|la risa|verguenza|hambre|sueno|ganas|envidia|calor|frio|amor|asco|aburrimiento|nervios|lo (rico|bueno|bonito|lindo|buenisimo))\b/,
    /\bme (ahorco|mato|suicido|tiro)\b[^.!?]{0,30}(?<!no )\bes (broma|cona)\b/,
    /\b(me corto|cortarme) las venas con (galletitas|galletas|una galletita|una hoja de lechuga)\b/,
    /\b(pierna|piernas|entreno|entrenamiento|partido|jefe|examen|gimnasio|gym|calor|carrera) me mato\b/,
    // "I'd rather die than ...": a figure of speech.
    /\b(prefiero|preferiria) (morir|morirme) (antes )?(que|de)\b/,
    /\bacabar con (este|esta|estos|estas|el|la|los|las|mi|mis|ese|esa) (?!vida)/,
    /\bpaliza (al|jugando|en el|en la)\b/,
    /\b(corte|cortado|quemado|hice dano) (cocinando|con el cuchillo|en la|en el|al|jugando)\b/,
  ],
  rules: [
    // Pensamientos suicidas
    {
      category: 'suicidal_thoughts',
      pattern: /\b(quiero|quisiera|deseo|prefiero) (solo |solamente |de verdad |realmente )?morir(me)?\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(suicidarme|suicidarse|matarme|matarse|ahorcarme|tirarme (de|del|desde))\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bme (voy a matar|voy a suicidar|ahorco|suicido|mato)\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(pensamientos|ideas) (suicidas|de suicidio|de muerte)\b/ },
    { category: 'suicidal_thoughts', pattern: /\bintent(e|o|ado|ar) (suicidarme|matarme|el suicidio)\b/ },
    { category: 'suicidal_thoughts', pattern: /\bsuicida\b/ },
    { category: 'suicidal_thoughts', pattern: /\bquitarme la vida\b/ },
    { category: 'suicidal_thoughts', pattern: /\bacabar con (todo|mi vida)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(ya no|no) (quiero|tengo ganas de) vivir\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(ninguna|ningun|sin) (razon|motivo) para (seguir )?vivi(r|endo)\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\b(ojala|quisiera|preferiria) (estuviera|estar) muert[oa]\b/ },
    { category: 'suicidal_thoughts', pattern: /\bmejor sin mi\b/ },
    { category: 'suicidal_thoughts', pattern: /\bcarta de despedida\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\bno despertar(me)? (nunca )?(mas|nunca)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(ya no le veo|no le veo|ya no tiene|no tiene) (ningun )?sentido (a |de )?vivir\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(cansad[oa]|hart[oa]) (de vivir|de la vida)\b(?! (en|con|aqui|asi|como))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(mas facil|mejor) para todos si (yo )?(desapareciera|me muriera|no estuviera|no existiera|me fuera)\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\bque todo (termine|acabe|se acabe) para siempre\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(desaparecer|irme|morirme) para siempre\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\btirarme (debajo de|bajo|delante de|a las vias del?) (un|el|del)? ?(tren|metro|coche|autobus|camion)\b/,
    },
    // Autolesiones
    { category: 'self_harm', pattern: /\bautolesion\w*\b/ },
    { category: 'self_harm', pattern: /\bme volvi a (cortar|quemar|lastimar|hacer dano)\b/ },
    {
      category: 'self_harm',
      pattern:
        /\bme (corto|quemo|golpeo|rasguno|lastimo|hiero|araño) (los |las |el |la |con |a mi mism[oa]|hasta|cuando|a proposito)/,
    },
    { category: 'self_harm', pattern: /\b(hacerme|me hago|haciendome) dano\b(?! (en|al|a la) )/ },
    {
      category: 'self_harm',
      pattern:
        /\bme (hice|hago|he hecho) cortes (en|por) (los|las|el|la|mis) (brazos?|munecas?|muslos|piernas?|piel)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\b(lastimarme|lastimandome|me lastimo|hacerme dano|cortarme|cortandome) (a proposito|adrede|queriendo)\b/,
    },
    { category: 'self_harm', pattern: /\bsigo (lastimandome|cortandome|haciendome dano|quemandome)\b/ },
    // Violencia y abuso
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(el|ella|mi ${close})( \\w+){0,3} (me pega|me pegaba|me golpea|me golpeaba|me dio una (bofetada|paliza|cachetada)|me toca|me tocaba|me viola|me violo|me estrangula|me maltrata)\\b`,
      ),
    },
    {
      category: 'abuse',
      pattern:
        /\b(me violaron|me violo|fui violada|fui violado|me han violado|me maltratan|me pegan|abusaron de mi)\b/,
    },
    { category: 'abuse', pattern: new RegExp(`\\b(miedo a|miedo de) mi ${close}\\b`) },
    {
      category: 'abuse',
      pattern: /\b(sufro|vivo|sufrir|victima de) (la )?violencia (domestica|de genero|sexual|en casa)\b/,
    },
    { category: 'abuse', pattern: /\bme oblig(o|aba|a) a tener relaciones\b/ },
    { category: 'abuse', pattern: /\b(abuso|abusaba|abusaron|ha abusado) de mi\b/ },
    // Peligro inmediato
    { category: 'acute_danger', pattern: /\bcon (un|una|su) (cuchillo|pistola|arma|navaja)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(tomado|tomarme|tome|trague|tragado|tragarme)\b.{0,20}\b(todas mis|una caja entera|toda la caja|demasiadas|un bote entero|todo el frasco)\b.{0,30}\b(pastillas|pildoras|medicamentos|comprimidos)?/,
    },
    { category: 'acute_danger', pattern: /\bestoy en peligro\b/ },
    { category: 'acute_danger', pattern: /\bamenaza (con|de) (matarme|pegarme|apunalarme)\b/ },
    {
      category: 'acute_danger',
      pattern: /\b(entrar|entrando|meterse) en (mi )?casa\b.{0,40}\b(escondid[oa]|encerrad[oa]|ayuda)\b/,
    },
    { category: 'acute_danger', pattern: /\ben el (puente|tejado|techo|borde)\b.{0,40}\b(saltar|tirarme)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(dijo|me dijo|dice|jura|grita|amenaza|amenazo) (que|con) me (mataria|matara|va a matar|iba a matar|mata)\b/,
    },
  ],
};
