import type { LanguagePatterns } from '../types.ts';

const close =
  '(husband|wife|partner|boyfriend|girlfriend|father|dad|mother|mom|mum|stepfather|stepdad|stepmother|uncle|brother|sister|ex|son|daughter|fiance|fiancee|flatmate|roommate|boss)';

export const en: LanguagePatterns = {
  language: 'en',
  negators:
    /\b(not|never|no way|no longer|don't|dont|do not|didn't|didnt|did not|won't|wont|will not|wouldn't|wouldnt|would not|isn't|am not|i'm not|im not|aren't|nor)\b/,
  suppressors: [
    /\b(i'd|i would|id) rather die than\b/,
    /\bcould (just )?kill (myself|me) for\b/,
    /\bkill(ing)? myself (laughing|with work)\b/,
    /\bbeat(ing)? (myself|me) up (over|about|for)\b/,
    /\b(cut|hurt|burn|burned|burnt|injured) myself (while|on (a|the|some|my)|at (the|work|home)|shaving|cooking|chopping|playing|lifting|running|skiing|by accident)\b/,
    /\baccidentally (cut|hurt|burn|burned|burnt)\b/,
    /\bbeat me (at|in|to)\b/,
    /\bhit me (up|hard)\b/,
    /\bhit me with (a |an |the |some |more |extra |three |two |new )*(\w+ )?(work|task|tasks|project|projects|deadline|deadlines|question|questions|email|emails|news|idea|bill|request|requests)\b/,
  ],
  rules: [
    // Suicidal thoughts
    {
      category: 'suicidal_thoughts',
      pattern: /\b(want|wanna|wish|need|ready|going|plan|planning|decided) (to )?die\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bwanna die\b/ },
    { category: 'suicidal_thoughts', pattern: /\bkill(ing|ed)? (myself|himself|herself|themselves)\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(hang|hanging|shoot|shooting|drown|drowning) myself\b/ },
    { category: 'suicidal_thoughts', pattern: /\bsuicidal\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(think|thinking|thought|thoughts|considering|consider|contemplating|planning|plan|commit|committing|attempt|attempted|tried|trying) (of |about )?(suicide|committing suicide)\b(?! (prevention|awareness|rates?|statistics|hotline))/,
    },
    { category: 'suicidal_thoughts', pattern: /\b(my|a) suicide (attempt|note|plan)\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(end|ending|take|taking) (my|my own) life\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\bend (it all|everything)\b(?! (with|at|for|on|by|before|after))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(want to|going to|gonna|ready to) end it\b(?! (with|at|for|on|by|here|there|now|before|after))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(don't|do not|dont|no longer|not) (want|wanna|wish) to (live|be alive|exist|be here|wake up)\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\bnever wake up\b/, negatable: false },
    { category: 'suicidal_thoughts', pattern: /\bwish i (was|were|could be) dead\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\bwish i (had never been born|wasn't alive|could die|didn't exist)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(better off|be better) (without me|if i (was|were) dead|dead)\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\bno (reason|point) (for me )?(to|in|of) (go on living|going on|live|living|be alive|keep going)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(what's|whats|what is) the point (of|in) (living|life|going on)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bgoodbye (letter|note|letters|notes)\b/ },
    { category: 'suicidal_thoughts', pattern: /\bcan't go on living\b/, negatable: false },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(no|see no|don't see the|dont see the|don't see any|lost the) (point|sense|reason) (in|to|of) (living|life|live|being alive|going on)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(tired|sick|done) (of|with) (living|life|being alive)\b(?! (in|with|at|like|on|here|there|under|next|together))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(jump|jumping|throw|throwing) (myself )?(in front of|under) (a|the) (train|bus|car|truck|tram)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\b(disappear|vanish|be gone) (forever|for good)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(easier|better) for (everyone|everybody|my family|them|all of them) if i (was|were|wasn't|weren't|died|disappeared)( gone| dead| here| around)?\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(everything|it all|all of it|it) to (stop|end) (forever|for good)\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(ways|how|methods) to (kill myself|end my life|commit suicide)\b/,
    },
    // Self-harm
    {
      category: 'self_harm',
      pattern: /\bself[- ]?harm(ing|ed)?\b(?! (awareness|prevention|in class|research))/,
    },
    {
      category: 'self_harm',
      pattern:
        /\b(i|i've|i have|i'm|i am|started|start|keep|kept|urge to|urges to|want to|going to|feel like|tempted to|need to) (\w+ )?(cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|punch|punching|scratch|scratching|injure|injuring) myself\b/,
    },
    {
      category: 'self_harm',
      pattern: /\b(cut|cutting|slit|slitting) my (wrists?|arms?|legs?|thighs?|skin)\b/,
    },
    {
      category: 'self_harm',
      pattern: /\b(hurt|hurting|harm|harming|injure|injuring|punish|punishing) my (own )?body\b/,
    },
    // Abuse
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(he|she|they|my ${close})( \\w+){0,4} (hits|hit|beats|beat|slaps|slapped|punches|punched|kicks|kicked|chokes|choked|strangles|strangled|rapes|raped|abuses|abused|molests|molested|touches|touched) me\\b`,
      ),
    },
    {
      category: 'abuse',
      pattern:
        /\b(i was|i've been|i have been|i am|i'm|being|got) (being )?(raped|abused|molested|sexually assaulted|assaulted|beaten up)\b/,
    },
    { category: 'abuse', pattern: new RegExp(`\\b(afraid|scared|terrified) of my ${close}\\b(?!')`) },
    {
      category: 'abuse',
      pattern: /\b(in|stuck in|trapped in) an abusive (relationship|marriage|home|family)\b/,
    },
    { category: 'abuse', pattern: /\bforced me (to have sex|into sex|to sleep with)\b/ },
    {
      category: 'abuse',
      pattern: /\b(victim of|living with|experiencing|suffering) domestic (violence|abuse)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\b(hurt|hurting|harm|harming|cut|cutting|burn|burning) myself (on purpose|deliberately|intentionally)\b/,
    },
    // Acute danger
    { category: 'acute_danger', pattern: /\b(with|has|holding|got|waving) (a|his|her) (knife|gun|weapon)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(took|taken|swallowed|overdosed)\b.{0,30}\b(all (of )?my|whole|entire|too many|full)\b.{0,25}\b(pills|tablets|meds|medication|medicine|paracetamol|bottle|box|pack|packet)\b/,
    },
    { category: 'acute_danger', pattern: /\b(i'm|i am|i feel) in (immediate |real |serious )?danger\b/ },
    {
      category: 'acute_danger',
      pattern: /\b(threatening|threatens|threatened) to (kill|hurt|stab|shoot) me\b/,
    },
    {
      category: 'acute_danger',
      pattern: /\b(trying to|tries to|is going to|is gonna) (kill|stab|shoot) me\b/,
    },
    {
      category: 'acute_danger',
      pattern: /\b(break|breaking) in(to)? (my|the) (flat|house|home|apartment|room)\b/,
    },
    {
      category: 'acute_danger',
      pattern: /\bon the (bridge|roof|ledge|edge)\b.{0,40}\b(jump|going to jump|gonna jump)\b/,
    },
    {
      category: 'acute_danger',
      pattern:
        /\b(he|she|they) (said|says|told me|threatened|swore|screams|screamed|shouted)( that)? (he|she|they)('d| would| will|'ll| is going to| was going to| were going to) kill me\b/,
    },
  ],
};
