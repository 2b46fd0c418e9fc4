import { stopwordSet } from '../languages-shared.ts';
import type { CoachPhrases } from '../phrases.ts';

export const en: CoachPhrases = {
  greetings: [
    'Hello, good to have you here.',
    'Hi, thank you for writing.',
    'Hello, take all the time you need.',
    'Welcome, let’s look at this together.',
  ],
  questionnaireThanks: [
    'Thank you for sharing a little about yourself.',
    'Thank you for your answers, they help me know you a little.',
  ],
  quoteReflections: [
    '“{p}”: let’s stay with that for a moment.',
    'You say “{p}”, and that seems to matter.',
    'I’m noting your words: “{p}”.',
    'When you write “{p}”, I take that seriously.',
    '“{p}”, thank you for putting it so plainly.',
  ],
  topicReflections: [
    '{x} seems to be taking up a lot of room right now.',
    'So at the heart of this is {x}.',
    'I understand that this is about {x}.',
  ],
  acknowledgements: [
    'Thank you, that helps me see it more clearly.',
    'I see, thank you for explaining.',
    'That gives me a better picture.',
    'Okay, let’s take it one step at a time.',
  ],
  shortAnswers: ['Thank you.', 'Okay.', 'Noted, thank you.', 'All right.', 'I see.'],
  questionBack: [
    'That is a real question, and it deserves a careful look.',
    'Let’s look at that question together.',
  ],
  heardWithoutQuote: 'Thank you for putting this into words. I’m listening, and there is no hurry.',
  feelingLines: [
    'I can hear {e} in what you write.',
    'There seems to be some {e} in this.',
    'It sounds like this carries {e}.',
  ],
  feelingNouns: {
    fear: 'fear',
    sadness: 'sadness',
    anger: 'anger',
    pressure: 'pressure',
    tiredness: 'tiredness',
    loneliness: 'loneliness',
    confusion: 'uncertainty',
    shame: 'shame',
    joy: 'joy',
    pride: 'pride',
    relief: 'relief',
  },
  and: 'and',
  feelingWords: {
    fear: /\b(afraid|scared|fear\w*|frighten\w*|terrified|anxious|anxiety|worr(y|ied|ies|ying)|nervous|panic\w*|dread\w*)\b/,
    sadness:
      /\b(sad|sadness|unhappy|cry|crying|cried|tears|depressed|heartbroken|miserable|grief|griev\w*|feel(ing)? (so |really )?down)\b/,
    anger: /\b(angry|anger|furious|mad at|annoyed|frustrat\w*|irritated|pissed|resent\w*)\b/,
    pressure: /\b(stress(ed|ful)?|overwhelm\w*|pressure|too much)\b/,
    tiredness: /\b(tired|exhausted|exhausting|drained|burn(ed|t)? out|burnout|worn out|no energy)\b/,
    loneliness: /\b(lonely|loneliness|isolated|(feel|felt|feeling) (so |very |a bit )?(less )?alone)\b/,
    confusion: /\b(stuck|confused|unsure|torn|(feel|feeling|i'm|im|am) (so |completely )?lost)\b/,
    shame: /\b(ashamed|shame|embarrass\w*|humiliat\w*)\b/,
    joy: /\b(happy|glad|joy|excited|delighted|thrilled|grateful)\b/,
    pride: /\b(proud|pride)\b/,
    relief: /\b(relieved|relief)\b/,
  },
  negation: /^(not|never|no|dont|don't|isnt|isn't|wasnt|wasn't|arent|aren't|without|nor)$/,
  ideaRequest:
    /(^|[.!?]\s*)(ideas|tips|advice|suggestions)\b|\b((any|some|few|more|give me|need|have|got|share)( \w+)? (ideas|tips|advice|suggestions)|advise me|tell me how|recommend\w*|what (should|can|could|do) i (do|say)|where (should|could|can|do) i (start|begin)|how (do|can|could|should) i|should i|help me (decide|figure)|what would you (do|suggest))\b/,
  decisionRequest: /\b(should i|do i (quit|stay|leave|go)|is it (better|wise) to)\b/,
  twoIdeas: /\b(two|2|a couple of) (ideas|tips|suggestions|things)\b/,
  ideaLeads: [
    'Here are a few small things you could try:',
    'A few concrete ideas, to take or leave:',
    'Some small steps that often help:',
  ],
  decisionLeads: [
    'I can’t make this choice for you, but here are a few ways to see it more clearly:',
    'A few ways to weigh this decision:',
  ],
  topics: {
    work: {
      words:
        /\b(job|jobs|work|working|boss|manager|colleagues?|office|career|meetings?|salary|promotion|team|clients?|workload)\b/,
      phrase: 'your work',
      suggestions: [
        'Pick one recurring situation at work and try one small change in it this week, then note what happened.',
        'Write down in one sentence what you want from your work, and check tomorrow’s tasks against it.',
        'Ask one trusted colleague or friend for a ten-minute conversation about it.',
      ],
    },
    relationship: {
      words:
        /\b(partner|boyfriend|girlfriend|husband|wife|sister|brother|mother|mom|mum|father|dad|parents|family|argument|fight|relationship)\b/,
      phrase: 'your relationship with someone close to you',
      suggestions: [
        'Choose a calm moment and open with one sentence about what you need, rather than about what went wrong.',
        'Before you talk, write down how you would like things between you to be in three months.',
        'Send one small sign of goodwill, a message or a call, with no conditions attached.',
      ],
    },
    studies: {
      words:
        /\b(universit\w*|study|studies|studying|exams?|thesis|school|course|classes|degree|homework|assignments?)\b/,
      phrase: 'your education',
      suggestions: [
        'Work in blocks of 25 minutes with the phone in another room, and start with just one block.',
        'Make the very first step so small it takes five minutes (open the file, write a title), and do it today.',
        'Talk to one person who has been through it, a tutor or a former student, about how they did it.',
      ],
    },
    health: {
      words:
        /\b(sleep\w*|insomnia|energy|exercise|running|gym|health|doctor|eating|body|phone|bed|nights?|walk\w*)\b/,
      phrase: 'your health',
      suggestions: [
        'Try one small experiment for a week, such as the same bedtime or the phone out of the bedroom, and note how your mornings change.',
        'Add ten minutes of movement or daylight to a moment that already exists in your day, like a lunch break.',
        'For three days, note when your energy is lowest and highest, and put one important task at the best moment.',
      ],
    },
    confidence: {
      words:
        /\b(confiden\w*|not good enough|not that good|impost[eo]r|self.?esteem|doubt\w*|stupid|compar\w*|silly|judg\w*)\b/,
      phrase: 'your confidence',
      suggestions: [
        'Each evening, write down one thing you did well that day, however small, and what shows it.',
        'Write down what you would tell a good friend in your place, and read it to yourself.',
        'Pick one low-stakes moment this week to speak up once, and compare what actually happens with what you expected.',
      ],
    },
    organisation: {
      words:
        /\b(procrastinat\w*|putting (it )?off|deadlines?|to.?do|organi[sz]\w*|tomorrow|focus\w*|concentrat\w*|motivat\w*|start)\b/,
      phrase: 'the way you organise your time',
      suggestions: [
        'Write down everything on your mind, then circle only the three things that really matter this week.',
        'Give the smallest task ten minutes right now: starting is often harder than continuing.',
        'Plan tomorrow’s first step tonight, with a time and a place.',
      ],
    },
    social: {
      words: /\b(friends?|lonely|alone|people|moved|new city|social|neighbou?rs?)\b/,
      phrase: 'your social life',
      suggestions: [
        'Choose one regular activity where the same people meet every week, a club, a course or volunteering, and go twice before judging it.',
        'Send one message today to someone you have lost touch with.',
        'Say yes to the next small invitation, even for just an hour.',
      ],
    },
  },
  decisionSuggestions: [
    'Write down the three things that matter most to you right now (security, growth, people, freedom…) and score each option against them from 1 to 5.',
    'Picture each option in ten days, ten months and ten years, and note which one you would regret not trying.',
    'Run a small test before deciding: one conversation, one day of trying it, or one piece of information you are missing.',
    'Set a date for the decision and list what you need to know by then, so it stops circling in your head.',
  ],
  generalSuggestions: [
    'Describe in one sentence what you would like to be different in a month: that is your goal for now.',
    'List what you already have going for you (people, skills, time), even if it seems small.',
    'Choose one tiny experiment for the next three days and note what changes.',
    'Write down the first step, small enough to do today, and decide when you will do it.',
    'Look at the situation from another angle: what would change if you saw it as something to learn from rather than a test.',
  ],
  questionnaireQuotes: [
    'In your questionnaire, under *{t}*, you wrote “{a}”.',
    'This connects with what you wrote under *{t}*: “{a}”.',
  ],
  questionnaireMentions: ['This seems to connect with what you wrote under *{t}* in your questionnaire.'],
  steps: {
    question_1: 'Me today',
    question_2: 'My roots',
    question_3: 'The marks of my journey',
    question_4: 'My travel companions',
    question_5: 'My days in a few words',
    question_6: 'What nourishes me',
    question_7: 'Dreams and plans for tomorrow',
    question_8: 'What is within me',
  },
  questions: {
    opening: [
      'What would you like to explore today?',
      'What is on your mind right now?',
      'Where would you like to start?',
    ],
    goal: [
      'What would you like to be different?',
      'What feels most important to you about this right now?',
      'If things went well from here, what would that look like for you?',
      'What would you like to take away from our conversation today?',
      'What matters most to you in this?',
    ],
    reality: [
      'How is this affecting your days?',
      'What have you already tried, and what did you notice?',
      'When did you last notice this, and what happened?',
      'Who else is part of this situation?',
      'What is already working, even a little?',
    ],
    options: [
      'What options can you see, even ones that seem unlikely?',
      'What would you suggest to a friend in your place?',
      'What could be a first small step?',
      'What would you try if you knew it could not go wrong?',
    ],
    will: [
      'What will you do first, and when?',
      'What could get in the way, and how would you handle it?',
      'How will you know it is working?',
      'Who could support you in this?',
      'On a scale from 1 to 10, how ready are you to start?',
    ],
    feeling: [
      'When you notice this, what tends to be going on around you?',
      'What would help you feel even a little lighter?',
      'Where in your life do you notice this most?',
      'What do you think this is telling you?',
    ],
    pleasant: [
      'What helped you get there?',
      'How would you like to mark this moment?',
      'What does this show you about yourself?',
    ],
    questionnaire: [
      'How does that connect with what you are living now?',
      'What has changed since you wrote that?',
      'Is that still true for you today?',
    ],
    afterIdeas: [
      'Which of these seems most doable this week?',
      'Which one would you like to try first, and when?',
      'What would make the first step easier for you?',
      'How would you change one of these to fit your life better?',
    ],
    attachment: [
      'What would you like us to look at in what you shared?',
      'What in this matters most to you right now?',
    ],
  },
  conjunctions: /^(and|but|so|because|although|though|or|which)$/,
  attachmentRead: 'I’ve read {n}. One passage that stands out: “{p}”.',
  attachmentReadNoPassage: 'I’ve read {n}.',
  attachmentUnreadable:
    'I couldn’t read the attached files just now, so tell me in your own words what matters in them.',
  attachmentEmpty: 'I found no text I could read in {n}.',
  imagesUnseen: 'I can’t see images, so tell me in your own words what {n} shows and what it means to you.',
  quotes: ['“', '”'],
  stopwords: stopwordSet(
    'about after again also because been being could does doing from have just like more much really should still that their them then there these they thing things this those through very want what when where which while with would your yours myself people always never today think little maybe something everything someone everyone other others every years weeks since first before',
  ),
};
