import type { QuestionnaireContent } from './types.ts';

/** English (default and fallback). Titles: the second wording of docs/product.md#records-and-their-fields, see docs/adr/0009. */
export const en: QuestionnaireContent = {
  intro: [
    {
      title: 'Welcome to Innerview',
      paragraphs: [
        'Innerview is a space to pause, think out loud and see your life from new angles, with an AI coach who is there whenever you need it.',
        'Your coach listens, asks questions and helps you find your own answers. It is not therapy, and it does not give medical, legal or financial advice.',
      ],
    },
    {
      title: 'So your coach can get to know you',
      paragraphs: [
        'We invite you to a reflective questionnaire in 8 steps. Your answers give your coach a sense of who you are, so that your conversations can start from your life rather than from scratch.',
        'There are no right or wrong answers. Write as much or as little as you like, skip what you would rather not answer, and come back to finish later: each answer is saved as you go.',
        'Your answers are encrypted and only used for your coaching. You can read them again at any time in your profile.',
      ],
    },
  ],
  steps: [
    {
      title: 'Me today',
      description:
        'A snapshot of where you stand right now: what fills your days, how you are, what is on your mind.',
      questions: [
        'How would you describe yourself today, in a few sentences?',
        'What takes up most of your energy and attention at the moment?',
        'What are you proud of in your life right now?',
        'What brings you here, and what would you like these conversations to give you?',
      ],
    },
    {
      title: 'My roots',
      description: 'Where you come from: the places, the people and the values that shaped you.',
      questions: [
        'Where did you grow up, and what was it like for you there?',
        'Who shaped you most when you were young, and how?',
        'Which values from your upbringing do you still carry with you, and which have you left behind?',
      ],
    },
    {
      title: 'The marks of my journey',
      description: 'The moments, choices and turning points that have left their mark on your path so far.',
      questions: [
        'Which moments or turning points have made you who you are today?',
        'What challenges have you come through, and what did they teach you?',
        'Which choices are you glad you made?',
        'Is there a chapter of your story that you still think about often?',
      ],
    },
    {
      title: 'My travel companions',
      description: 'The people who walk alongside you: family, friends, colleagues and everyone who counts.',
      questions: [
        'Who are the people who matter most to you today?',
        'Who do you turn to when you need support, and who turns to you?',
        'Which relationships give you energy, and which ask a lot of you?',
        'Is there a relationship you would like to nurture or to change?',
      ],
    },
    {
      title: 'My days in a few words',
      description: 'What an ordinary week looks like for you, at work and beyond.',
      questions: [
        'What does a typical day or week look like for you?',
        'What do you do for work or study, and how do you feel about it?',
        'Which moments of your day do you enjoy most, and which do you find hardest?',
        'How do you balance what you have to do with time for yourself?',
      ],
    },
    {
      title: 'What nourishes me',
      description: 'What restores you, brings you joy and gives you strength.',
      questions: [
        'Which activities, places or people recharge your batteries?',
        'When did you last feel truly at ease or joyful, and what was happening?',
        'Which of your strengths or qualities do others appreciate?',
        'How do you look after yourself when things get difficult?',
      ],
    },
    {
      title: 'Dreams and plans for tomorrow',
      description: 'What you hope for, and what you would like to build or change.',
      questions: [
        'How would you like your life to look in a few years?',
        'Which dreams or plans are closest to your heart right now?',
        'What holds you back, and what could help you take a first step?',
        'If our conversations were a real success for you, what would have changed?',
      ],
    },
    {
      title: 'What is within me',
      description: 'Your inner world: what matters deeply to you, and what you would like to explore.',
      questions: [
        'Which values matter most to you, and how do they show in your life?',
        'What do you find yourself wondering about in quiet moments?',
        'What would you like to understand better about yourself?',
        'Is there anything else you would like your coach to know about you?',
      ],
    },
  ],
};
