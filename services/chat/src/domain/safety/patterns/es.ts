import type { LanguagePatterns } from '../types.ts';

const close =
  '(marido|esposo|esposa|mujer|pareja|novio|novia|padre|papa|madre|mama|padrastro|madrastra|tio|hermano|hermana|ex|hijo|hija|jefe|jefa)';

export const es: LanguagePatterns = {
  language: 'es',
  negators: /\b(no|nunca|jamas|ningun|ninguna|ninguno|tampoco)\b/,
  suppressors: [
    /\bme mato (a|trabajando|estudiando)\b/,
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
    // Autolesiones
    { category: 'self_harm', pattern: /\bautolesion\w*\b/ },
    { category: 'self_harm', pattern: /\bme volvi a (cortar|quemar|lastimar|hacer dano)\b/ },
    {
      category: 'self_harm',
      pattern:
        /\bme (corto|quemo|golpeo|rasguno|lastimo|hiero|araño) (los |las |el |la |con |a mi mism[oa]|hasta|cuando|a proposito)/,
    },
    { category: 'self_harm', pattern: /\b(hacerme|me hago|haciendome) dano\b(?! (en|al|a la) )/ },
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
  ],
};
