import { stopwordSet } from '../languages-shared.ts';
import type { CoachPhrases } from '../phrases.ts';

export const es: CoachPhrases = {
  greetings: [
    'Hola, qué bien que escribas.',
    'Hola, gracias por escribirme.',
    'Hola, veámoslo juntos.',
    'Hola, tómate el tiempo que necesites.',
  ],
  questionnaireThanks: [
    'Gracias por compartir un poco de ti.',
    'Gracias por tus respuestas, me ayudan a conocerte un poco.',
  ],
  quoteReflections: [
    '«{p}»: detengámonos un momento en eso.',
    'Dices «{p}», y parece importarte.',
    'Me quedo con tus palabras: «{p}».',
    'Cuando escribes «{p}», me lo tomo en serio.',
    '«{p}», gracias por decirlo con tanta claridad.',
  ],
  topicReflections: [
    '{x} parece ocupar mucho espacio en este momento.',
    'En el centro de todo esto está, entonces, {x}.',
    'Entiendo que la cuestión tiene que ver con {x}.',
  ],
  acknowledgements: [
    'Gracias, eso me ayuda a verlo más claro.',
    'Entiendo, gracias por explicármelo.',
    'Eso me da una imagen más completa.',
    'Bien, vayamos paso a paso.',
  ],
  shortAnswers: ['Gracias.', 'Bien.', 'Tomo nota, gracias.', 'De acuerdo.', 'Entiendo.'],
  questionBack: ['Es una pregunta de verdad, y merece una mirada atenta.', 'Miremos juntos esa pregunta.'],
  heardWithoutQuote: 'Gracias por ponerlo en palabras. Te escucho, y no hay prisa.',
  feelingLines: [
    'Noto {e} en lo que escribes.',
    'Parece haber {e} en todo esto.',
    'Suena a que esto trae consigo {e}.',
  ],
  feelingNouns: {
    fear: 'algo de miedo',
    sadness: 'algo de tristeza',
    anger: 'algo de rabia',
    pressure: 'algo de presión',
    tiredness: 'algo de cansancio',
    loneliness: 'algo de soledad',
    confusion: 'algo de confusión',
    shame: 'algo de vergüenza',
    joy: 'algo de alegría',
    pride: 'algo de orgullo',
    relief: 'algo de alivio',
  },
  and: 'y',
  feelingWords: {
    fear: /\b(miedo|miedos|asustad\w*|ansiedad|ansios\w*|preocupad\w*|me preocupa|nervios\w*|panico|temor)\b/,
    sadness: /\b(triste|tristes|tristeza|lloro|llorar|llorando|deprimid\w*|infeliz|bajon)\b/,
    anger: /\b(rabia|enfadad\w*|enojad\w*|frustrad\w*|furios\w*|molest[oa])\b/,
    pressure: /\b(estres\w*|agobi\w*|presion|bajo presion|demasiado trabajo|demasiadas cosas)\b/,
    tiredness: /\b(cansad\w*|cansancio|agotad\w*|exhaust\w*|quemad\w*|sin energia)\b/,
    loneliness: /\b((me siento|estoy) (muy |tan )?sol[oa]s?|soledad|aislad\w*)\b/,
    confusion: /\b(bloquead\w*|estancad\w*|(me siento|estoy) perdid\w*|confundid\w*|confus[oa])\b/,
    shame: /\b(verguenza|avergonzad\w*|humillad\w*)\b/,
    joy: /\b(feliz|felices|content[oa]s?|alegria|alegre|ilusion\w*|entusiasm\w*)\b/,
    pride: /\b(orgullos\w*|orgullo)\b/,
    relief: /\b(aliviad\w*|alivio)\b/,
  },
  negation: /^(no|nunca|ni|sin|tampoco|jamas)$/,
  ideaRequest:
    /(^|[.!?¿]\s*)(ideas|consejos|sugerencias)\b|\b((algunas|algunos|unas|unos|alguna|algun|dos|tres|tus|mas|dame|necesito|tienes|tiene) (\w+ )?(ideas?|consejos?|sugerencias?|recomendaciones?)|que (puedo|podria|debo|deberia) (hacer|decir)|por donde (empiezo|empezar)|como (puedo|podria)|deberia|ayudame a|dime como|recomiendas|me recomiendas)\b/,
  decisionRequest: /\bdeberia\b(?! hacer)/,
  twoIdeas: /\b(dos|2) (ideas|consejos|sugerencias)\b/,
  ideaLeads: [
    'Aquí tienes algunas cosas pequeñas que podrías probar:',
    'Algunas ideas concretas, toma lo que te sirva:',
    'Algunos pasos pequeños que suelen ayudar:',
  ],
  decisionLeads: [
    'No puedo decidir por ti, pero aquí tienes algunas formas de verlo más claro:',
    'Algunas formas de sopesar esta decisión:',
  ],
  topics: {
    work: {
      words:
        /\b(trabajo|trabajar|empleo|jefe|jefa|companer[oa]s|oficina|carrera|reunion\w*|sueldo|salario|equipo|clientes|puesto)\b/,
      phrase: 'tu trabajo',
      suggestions: [
        'Elige una situación que se repite en el trabajo y prueba un solo cambio pequeño esta semana; luego anota qué pasó.',
        'Escribe en una frase qué quieres de tu trabajo, y compara con ella las tareas de mañana.',
        'Pide a un compañero o a una amiga de confianza diez minutos para hablarlo.',
      ],
    },
    relationship: {
      words:
        /\b(pareja|novio|novia|marido|esposo|esposa|mujer|hermana|hermano|madre|mama|padre|papa|padres|familia|hijos|discusion\w*|pelea\w*|relacion)\b/,
      phrase: 'tu relación con alguien cercano',
      suggestions: [
        'Elige un momento tranquilo y empieza con una frase sobre lo que necesitas, más que sobre lo que salió mal.',
        'Antes de hablar, escribe cómo te gustaría que estuvieran las cosas entre vosotros dentro de tres meses.',
        'Envía una pequeña señal de buena voluntad, un mensaje o una llamada, sin condiciones.',
      ],
    },
    studies: {
      words:
        /\b(estudi\w*|universidad|facultad|examen\w*|tesis|escuela|curso|clases|carrera universitaria|trabajos para entregar|entregar|enfermeria)\b/,
      phrase: 'tus estudios',
      suggestions: [
        'Trabaja en bloques de 25 minutos con el móvil en otra habitación, y empieza con un solo bloque.',
        'Haz el primer paso tan pequeño que dure cinco minutos (abrir el archivo, escribir un título), y hazlo hoy.',
        'Habla con alguien que ya haya pasado por ello, una profesora o un antiguo estudiante, sobre cómo lo hizo.',
      ],
    },
    health: {
      words:
        /\b(sueno|dormir|duermo|insomnio|energia|deporte|correr|gimnasio|salud|medic[oa]|cuerpo|movil|moviles|noches?|paseo)\b/,
      phrase: 'tu salud',
      suggestions: [
        'Haz un pequeño experimento durante una semana, por ejemplo la misma hora de acostarte o el móvil fuera del dormitorio, y anota cómo cambian tus mañanas.',
        'Añade diez minutos de movimiento o de luz del día a un momento que ya existe en tu jornada, como la pausa del mediodía.',
        'Durante tres días, anota cuándo tu energía está más baja y más alta, y pon una tarea importante en el mejor momento.',
      ],
    },
    confidence: {
      words: /\b(confianza|autoestima|no (soy )?suficiente|impostor\w*|dudas?|tont[oa]|compar\w*|juzg\w*)\b/,
      phrase: 'tu confianza en ti',
      suggestions: [
        'Cada noche, escribe algo que te salió bien ese día, aunque sea pequeño, y qué lo demuestra.',
        'Escribe lo que le dirías a una persona querida en tu lugar, y reléelo para ti.',
        'Elige esta semana un momento de poco riesgo para hablar una vez, y compara lo que pasa de verdad con lo que esperabas.',
      ],
    },
    organisation: {
      words:
        /\b(posterg\w*|procrastin\w*|plazos?|organiz\w*|manana|concentr\w*|motivacion|empezar|empiezo|ninguno)\b/,
      phrase: 'tu forma de organizar el tiempo',
      suggestions: [
        'Escribe todo lo que tienes en la cabeza y rodea solo las tres cosas que de verdad importan esta semana.',
        'Dale diez minutos a la tarea más pequeña, ahora: empezar suele costar más que seguir.',
        'Prepara esta noche el primer paso de mañana, con una hora y un lugar.',
      ],
    },
    social: {
      words: /\b(amig[oa]s?|gente|personas|mudanza|me mude|nueva ciudad|vecin[oa]s|voluntariado|club)\b/,
      phrase: 'tu vida social',
      suggestions: [
        'Elige una actividad regular donde cada semana se reúnan las mismas personas, un club, un curso o un voluntariado, y ve dos veces antes de juzgar.',
        'Envía hoy un mensaje a alguien con quien perdiste el contacto.',
        'Di que sí a la próxima invitación pequeña, aunque sea por una hora.',
      ],
    },
  },
  decisionSuggestions: [
    'Escribe las tres cosas que más te importan ahora (seguridad, crecimiento, personas, libertad…) y puntúa cada opción del 1 al 5 en cada una.',
    'Imagina cada opción dentro de diez días, diez meses y diez años, y anota cuál lamentarías no haber intentado.',
    'Haz una pequeña prueba antes de decidir: una conversación, un día de prueba o un dato que te falta.',
    'Pon una fecha para la decisión y apunta qué necesitas saber antes, para que deje de dar vueltas en tu cabeza.',
  ],
  generalSuggestions: [
    'Describe en una frase qué te gustaría que fuera diferente dentro de un mes: ese es tu objetivo por ahora.',
    'Haz una lista de lo que ya tienes a tu favor (personas, habilidades, tiempo), aunque parezca poco.',
    'Elige un experimento muy pequeño para los próximos tres días y anota qué cambia.',
    'Escribe el primer paso, lo bastante pequeño para hacerlo hoy, y decide cuándo lo harás.',
    'Mira la situación desde otro ángulo: qué cambiaría si la vieras como una ocasión para aprender y no como un examen.',
  ],
  questionnaireQuotes: [
    'En tu cuestionario, en *{t}*, escribiste «{a}».',
    'Esto enlaza con lo que escribiste en *{t}*: «{a}».',
  ],
  questionnaireMentions: ['Esto parece enlazar con lo que escribiste en *{t}* en tu cuestionario.'],
  steps: {
    question_1: 'Yo hoy',
    question_2: 'Mis raíces',
    question_3: 'Las huellas de mi camino',
    question_4: 'Mis compañeros de viaje',
    question_5: 'Mis días en pocas palabras',
    question_6: 'Lo que me nutre',
    question_7: 'Sueños y proyectos para mañana',
    question_8: 'Lo que hay dentro de mí',
  },
  questions: {
    opening: [
      '¿Qué te gustaría explorar hoy?',
      '¿Qué tienes en mente ahora mismo?',
      '¿Por dónde te gustaría empezar?',
    ],
    goal: [
      '¿Qué te gustaría que fuera diferente?',
      '¿Qué es lo que más te importa de esto ahora mismo?',
      'Si a partir de ahora las cosas fueran bien, ¿cómo sería eso para ti?',
      '¿Qué te gustaría llevarte de nuestro chat de hoy?',
      '¿Qué es lo que más cuenta para ti en todo esto?',
    ],
    reality: [
      '¿Cómo se nota esto en tus días?',
      '¿Qué has probado ya, y qué notaste?',
      '¿Cuándo lo notaste por última vez, y qué pasó?',
      '¿Quién más forma parte de esta situación?',
      '¿Qué funciona ya, aunque sea un poco?',
    ],
    options: [
      '¿Qué opciones ves, incluso las que parecen poco probables?',
      '¿Qué le sugerirías a una amiga en tu lugar?',
      '¿Cuál podría ser un primer paso pequeño?',
      '¿Qué probarías si supieras que no puede salir mal?',
    ],
    will: [
      '¿Qué harás primero, y cuándo?',
      '¿Qué podría interponerse, y cómo lo afrontarías?',
      '¿Cómo sabrás que está funcionando?',
      '¿Quién podría apoyarte en esto?',
      'En una escala del 1 al 10, ¿cuántas ganas tienes de empezar?',
    ],
    feeling: [
      'Cuando lo notas, ¿qué suele estar pasando a tu alrededor?',
      '¿Qué te ayudaría a estar aunque sea un poco mejor?',
      '¿En qué parte de tu vida lo notas más?',
      '¿Qué crees que te está diciendo esto?',
    ],
    pleasant: [
      '¿Qué te ayudó a llegar hasta ahí?',
      '¿Cómo te gustaría celebrar este momento?',
      '¿Qué te muestra esto de ti?',
    ],
    questionnaire: [
      '¿Cómo se relaciona eso con lo que estás viviendo ahora?',
      '¿Qué ha cambiado desde que escribiste eso?',
      '¿Sigue siendo verdad para ti hoy?',
    ],
    afterIdeas: [
      '¿Cuál de estas te parece más factible esta semana?',
      '¿Cuál te gustaría probar primero, y cuándo?',
      '¿Qué te haría más fácil el primer paso?',
      '¿Cómo adaptarías una de ellas a tu vida?',
    ],
    attachment: [
      '¿Qué te gustaría que miráramos en lo que compartiste?',
      '¿Qué es lo que más te importa de esto ahora mismo?',
    ],
  },
  conjunctions: /^(y|pero|porque|pues|aunque|o|mientras|asi)$/,
  attachmentRead: 'He leído {n}. Un pasaje me llama la atención: «{p}».',
  attachmentReadNoPassage: 'He leído {n}.',
  attachmentUnreadable:
    'No he podido leer los archivos adjuntos en este momento: cuéntame con tus palabras lo que te importa de ellos.',
  attachmentEmpty: 'No encontré texto legible en {n}.',
  imagesUnseen: 'No puedo ver imágenes: cuéntame con tus palabras qué muestra {n} y qué significa para ti.',
  quotes: ['«', '»'],
  stopwords: stopwordSet(
    'ahora algo antes aunque cada como con cosa cuando desde donde entonces esta este esto estoy hace hacer hasta mucho muy nada para pero porque puedo sobre siempre sin solo tambien tengo tiene todo todos mismo quiero siento',
  ),
};
