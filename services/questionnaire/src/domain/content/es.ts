import type { QuestionnaireContent } from './types.ts';

/** Spanish (tú, as the rest of the Spanish interface; worded without gendered agreements). */
export const es: QuestionnaireContent = {
  intro: [
    {
      title: 'Te damos la bienvenida a Innerview',
      paragraphs: [
        'Innerview es un espacio para detenerte, pensar en voz alta y mirar tu vida desde nuevos ángulos, con un coach de IA disponible siempre que lo necesites.',
        'Tu coach te escucha, te hace preguntas y te ayuda a encontrar tus propias respuestas. No es una terapia y no ofrece asesoramiento médico, legal ni financiero.',
      ],
    },
    {
      title: 'Para que tu coach pueda conocerte',
      paragraphs: [
        'Te invitamos a un cuestionario de reflexión en 8 pasos. Tus respuestas le dan a tu coach una idea de quién eres, para que los chats partan de tu vida y no de cero.',
        'No hay respuestas correctas ni incorrectas. Escribe tanto o tan poco como quieras, sáltate lo que prefieras no responder y vuelve para terminar más tarde: cada respuesta se guarda sobre la marcha.',
        'Tus respuestas se cifran y solo se usan para tu coaching. Puedes volver a leerlas en cualquier momento en tu perfil.',
      ],
    },
  ],
  steps: [
    {
      title: 'Yo hoy',
      description:
        'Una instantánea de dónde estás ahora: qué llena tus días, cómo te encuentras, qué te ronda por la cabeza.',
      questions: [
        '¿Cómo te describirías hoy, en unas pocas frases?',
        '¿Qué se lleva la mayor parte de tu energía y tu atención en este momento?',
        '¿Qué aspectos de tu vida actual te llenan de orgullo?',
        '¿Qué te trae hasta aquí y qué te gustaría que te aportaran estos chats?',
      ],
    },
    {
      title: 'Mis raíces',
      description: 'De dónde vienes: los lugares, las personas y los valores que han marcado tu historia.',
      questions: [
        '¿Dónde creciste y cómo era la vida allí para ti?',
        '¿Quién influyó más en ti cuando eras joven, y de qué manera?',
        '¿Qué valores de tu educación sigues llevando contigo y cuáles has dejado atrás?',
      ],
    },
    {
      title: 'Las huellas de mi camino',
      description:
        'Los momentos, las decisiones y los puntos de inflexión que han dejado huella en tu camino hasta ahora.',
      questions: [
        '¿Qué momentos o puntos de inflexión te han convertido en la persona que eres hoy?',
        '¿Qué dificultades has superado y qué te enseñaron?',
        '¿De qué decisiones te alegras?',
        '¿Hay algún capítulo de tu historia en el que sigas pensando a menudo?',
      ],
    },
    {
      title: 'Mis compañeros de viaje',
      description:
        'Las personas que caminan a tu lado: familia, amistades, colegas y todas las personas que cuentan para ti.',
      questions: [
        '¿Quiénes son las personas más importantes para ti hoy?',
        '¿A quién acudes cuando necesitas apoyo y quién acude a ti?',
        '¿Qué relaciones te dan energía y cuáles te exigen mucho?',
        '¿Hay alguna relación que te gustaría cuidar más o cambiar?',
      ],
    },
    {
      title: 'Mis días en pocas palabras',
      description: 'Cómo es para ti una semana cualquiera, en el trabajo y fuera de él.',
      questions: [
        '¿Cómo es un día o una semana típica para ti?',
        '¿A qué te dedicas, en el trabajo o en los estudios, y cómo te sientes con ello?',
        '¿Qué momentos del día disfrutas más y cuáles te resultan más difíciles?',
        '¿Cómo equilibras tus obligaciones con el tiempo para ti?',
      ],
    },
    {
      title: 'Lo que me nutre',
      description: 'Lo que te recarga, te alegra y te da fuerza.',
      questions: [
        '¿Qué actividades, lugares o personas te recargan las pilas?',
        '¿Cuándo fue la última vez que sentiste verdadera calma o alegría, y qué estaba pasando?',
        '¿Qué fortalezas o cualidades aprecian los demás en ti?',
        '¿Cómo cuidas de ti cuando las cosas se ponen difíciles?',
      ],
    },
    {
      title: 'Sueños y planes para el mañana',
      description: 'Lo que esperas y lo que te gustaría construir o cambiar.',
      questions: [
        '¿Cómo te gustaría que fuera tu vida dentro de unos años?',
        '¿Qué sueños o planes son los más importantes para ti ahora mismo?',
        '¿Qué te frena y qué podría ayudarte a dar un primer paso?',
        'Si nuestros chats fueran un verdadero éxito para ti, ¿qué habría cambiado?',
      ],
    },
    {
      title: 'Lo que hay dentro de mí',
      description: 'Tu mundo interior: lo que te importa profundamente y lo que te gustaría explorar.',
      questions: [
        '¿Qué valores son los más importantes para ti y cómo se reflejan en tu vida?',
        '¿En qué te sorprendes pensando en los momentos de calma?',
        '¿Qué te gustaría entender mejor de ti?',
        '¿Hay algo más que te gustaría que tu coach supiera de ti?',
      ],
    },
  ],
};
