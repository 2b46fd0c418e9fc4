import type { CueLexicon } from '../types.ts';

const person =
  '(marido|esposo|esposa|mujer|pareja|novio|novia|padre|padrastro|madre|madrastra|tio|tia|hermano|hermana|hijo|hija|ex|jefe|jefa|abuelo|primo|amigo|amiga|mejor amigo|mejor amiga|companero|companera)';

export const es: CueLexicon = {
  language: 'es',
  self: /\b(yo|me|mi|mis|conmigo|estoy|soy|tengo)\b/,
  close: new RegExp(`\\b(mi ${person}|ella)\\b`),
  otherSubject: /\b(ella|ellos|ellas|tu|usted|nosotros|alguien)\b/,
  intent:
    /\b(quiero|quisiera|queria|quiere|pienso|pensando|pensaba|imagino|sueno con|he decidido|decidi|voy a|va a|planeo|deseo|me gustaria|preferiria|dijo que|dice que)\b/,
  deathWish:
    /\b(estar muert[oa]|no despertar(me)?( nunca)?( mas)?|dormir(me)? para siempre|acabar con todo|quitarme la vida|quitarse la vida|matarme|suicidarme|mi (propio )?funeral|que todo (se )?(acabe|termine)|desaparecer para siempre)\b/,
  leaving:
    /\b(ya no (voy a )?esta(r|re)|ya no este|cuando (ya )?no este|despues de mi muerte|cartas? de despedida|cartas? (para|a) mi familia|(regale|di|regalado|dado) [a-z ]{0,40}(porque|total) [a-z ]{0,20}(no voy a estar|no estare)|(ha )?regalado (todas )?(sus|mis) cosas)/,
  burden:
    /\b((una|solo una) carga para|(se sentirian|estarian) (aliviad[oa]s|mejor)|mejor sin mi|nadie (se )?(daria cuenta|me echaria de menos|lo notaria|notaria))/,
  hopeless:
    /\b((ya )?no tengo futuro|ningun futuro|sin futuro|para que seguir|no hay salida|ninguna salida|no veo (ningun )?futuro|(la|mi) vida (ya )?no tiene (ningun |ni )?sentido|(no le veo|no encuentro) (ningun )?sentido a (la vida|mi vida|vivir|nada)|no veo (ninguna )?salida)\b/,
  lethalMeans:
    /\b(sobredosis|pastillas|pildoras|medicamentos|comprimidos|somniferos|antidepresivos|paracetamol|cuerda|soga|pistola|cuchillas de afeitar)\b/,
  quantity: /\b(todas|todos|cuantas|cuantos|suficientes|entera|entero|demasiadas)\b/,
  research: /\b(busque|buscado|buscando|googlee|investigue|informe)\b/,
  acquire: /\b(compre|comprado|consegui|conseguido|pedido|guardado|acumulado|acumulando)\b/,
  benignMeds:
    /\b(olvide tomar|dejar de tomar|receta|farmacia|medico|efectos secundarios|dosis|pastillero|(para|por) (la|el|mi) (fiebre|alergia|dolor de \w+|tos|gripe|resfriado|migrana|presion|tension|colesterol)|(todas las|cada) mananas?)\b/,
  height: /\b(puente|tejado|techo|azotea|cornisa|borde|balcon|ventana|acantilado|vias)\b/,
  jump: /\b(saltar|tirarme|lanzarme|arrojarme)\b/,
  onEdge:
    /\b(en|al borde de|en el borde de) (el|la|un|una) (puente|tejado|techo|azotea|cornisa|balcon|acantilado)\b/,
  now: /\b(ahora mismo|en este momento|esta noche|ya mismo|hace (una|media) hora|hace unos minutos)\b/,
  follow:
    /\b(me (esta )?sigu(e|iendo)|me perseguia|me persigue|en (mi|la) puerta|delante de (mi )?casa|golpeando la puerta|aporreando la puerta|quiere entrar|intenta entrar)\b/,
  fear: /\b(miedo|aterrad[oa]|asustad[oa]|panico|sol[oa]|ayuda)\b/,
  threat: /\b(me (va a matar|matara|mataria|mata|va a apunalar)|(quiere|va a) (matarme|apunalarme))\b/,
  threatContext: /\b(puerta|borracho|borracha|cuchillo|arma|grita|gritando|esta noche|ahora|amenaza)\b/,
  abuser: new RegExp(`\\b(ella|mi ${person})\\b`),
  harmOthers:
    /\b((lo|la|los) (mato|voy a matar|apunalo|acuchillo)|me (lo|la|los) (cargo|voy a cargar)|(mato|voy a matar) a (mi|mis|su|sus|ese|esa) \w+|(voy a )?(matarlo|matarla|apunalarlo|apunalarla)|le (clavo|meto) (algo|un|el|la)|(me las|la|lo) va a pagar|va a pagar)\b/,
  serious:
    /\b(no es broma|no (estoy )?bromeando|no bromeo|en serio|ya (pense|he pensado|tengo pensado) como|(lo )?tengo todo (planeado|pensado)|se donde (vive|trabaja)|tengo lo que (hace falta|necesito)|cuchillo|navaja|pistola|arma|escopeta)\b/,
  abuseAct:
    /\bme (pega|pegaba|golpea|golpeaba|da (punetazos|patadas|bofetadas)|empuja|empujo|estrangula|encierra|encerraba|viola|violo|toca|tocaba|obliga|prohibe|quita el movil|quita el telefono|tira del pelo|apreto el cuello|aprieta el cuello|agarro del cuello|agarra del cuello|ahorca)\b|\bno me deja (ver|salir|hablar)\b/,
  harmAct:
    /\b(cortarme|me corto|me corte|cortes|cuchilla|navaja|quemaduras|quemarme|me quemo|me grabe|me golpeo|hacerme dano|me hago dano|autolesion\w*|me rasguno)\b/,
  harmContext:
    /\b(brazos?|munecas?|muslos|piernas?|piel|barriga|cuerpo|otra vez|de nuevo|volvi|recaida|sin cortarme|a proposito|sangre|cicatrices)\b/,
  accident:
    /\b(accidente|sin querer|horno|sarten|plancha|cocinando|verduras|cebolla|afeitandome|esquiando|bici|caida|me cai|quemadura solar|pelo|papel|burnout)\b/,
  distance:
    /\b(novela|libro|pelicula|serie|personaje|protagonista|capitulo|noticia|noticias|periodico|articulo|documental|trabajo sobre|informe|estadisticas|tasas|prevencion|voluntari[oa]|podcast|cancion)\b/,
  resolved:
    /\b(eso ya paso|ya paso(?=[,.;!]|$)|ya lo supere|(hoy|ahora) estoy bien|estoy bien (hoy|ahora)|sali de eso|lo he superado|(hoy|ahora) se que no es (verdad|cierto|asi)|rehice mi vida|hace (\w+ )?anos[\s\S]{0,80}?\bhoy (me case|doy|trabajo|ayudo|corro|entreno|tengo (familia|una familia|hijos|un trabajo)))\b/,
  returning: /\b(otra vez|de nuevo|ha vuelto|han vuelto|ultimamente|recaida)\b/,
  joke: /\b(jaja\w*|jeje\w*|lol|xd)\b|😂|🤣/,
};
