import type { CueLexicon } from '../types.ts';

const closePerson =
  '(husband|wife|partner|boyfriend|girlfriend|bf|gf|father|dad|mother|mom|mum|stepfather|stepdad|stepmother|stepmom|uncle|aunt|brother|sister|ex|son|daughter|fiance|fiancee|flatmate|roommate|boss|grandfather|grandpa|cousin|friend|best friend|colleague)';

export const en: CueLexicon = {
  language: 'en',
  self: /\b(i|i'm|im|i've|ive|i'd|i'll|me|my|myself|mine)\b/,
  close: new RegExp(`\\b(my ${closePerson}|he|she|he's|she's|they're)\\b`),
  otherSubject:
    /\b(he|she|they|he's|she's|they're|his|her|their|him|them|you|your|we|our|someone|somebody)\b/,
  intent:
    /\b(want\w*|wanna|going to|gonna|plan\w*|decided|deciding|ready to|thinking|think about|thought about|consider\w*|imagin\w*|picture|fantasi[sz]\w*|dream\w* (of|about)|wish\w*|would like|'d like|about to|keeps? saying|talk\w* about|tempted|long for|longing)\b/,
  deathWish:
    /\b((fall\w* asleep|go\w* to sleep|sleep\w*) and (not|never) wak(e|ing) up|not wak(e|ing) up|never wak(e|ing) up|sleep forever|be dead|being dead|end (it all|everything|my life|his life|her life)|take (my|his|her) (own )?life|kill (myself|himself|herself)|my (own )?funeral|stop existing|cease to exist|(be|being) gone for good|disappear (forever|for good)|it all to (end|stop|be over)|everything to (end|be over)|it to (all )?(end|stop|be over) (forever|for good))\b/,
  leaving:
    /\b((won't|wont|will not) be (around|here|alive) (much )?(longer|anymore|any more|for long|tomorrow|next \w+|by \w+)|not (be )?(around|here) (much )?(longer|anymore|any more)|(after|when|once) i'm gone|(after|when|once) i am gone|(after|when) i die|(goodbye|farewell) (letters?|notes?|messages?|videos?)|(gave|give|giving|given) (away )?(my|all my|all of my) [a-z ]{0,30}(because|since|as) i|(gave|given|giving) away (all )?(my|his|her) (things|stuff|belongings)|(sort\w*|put\w*) (out )?my affairs in order|(nobody|no one) (has|will have) to (deal|clean up))\b/,
  burden:
    /\b((a|just a|such a) burden|burden (to|for|on) (everyone|everybody|them|my)|better off without me|(be|feel|would be) relieved if i|(nobody|no one|noone) (would|will|'d) (even )?(notice|care|miss me)|wouldn't (even )?(notice|miss me))/,
  hopeless:
    /\b((there's |there is )?no future for me|(don't|dont|can't|cant) see (a|any) future|no way out|(can't|cant|cannot) go on|(can't|cant|cannot) carry on|what's the point (of|in) (anything|it all|going on|carrying on|any of (it|this))|whats the point (of|in) (anything|it all|going on)|why (even )?(bother )?(go|going|carry|carrying) on|nothing (left )?to live for|life (has|holds) no (meaning|point|purpose)( anymore| any more)?|(my )?life (is|feels) (pointless|meaningless)|no point (in )?(living|being alive)|(don't|dont|can't|cant) see (a|any) way out)\b/,
  lethalMeans:
    /\b(overdos\w*|pills|tablets|paracetamol|painkillers|sleeping pills|antidepressants|insulin|meds|medication|rope|noose|gun|razor blades)\b/,
  quantity:
    /\b(all (of )?(the|my|those|them)|them all|how (many|much)|enough|whole|entire|too many|every single)\b/,
  research: /\b(look\w* up|googl\w*|search\w*|research\w*|read up)\b/,
  acquire: /\b(bought|buying|ordered|collect\w*|stockpil\w*|sav\w* up|hoard\w*)\b/,
  benignMeds:
    /\b(forg[eo]t\w* to take|stop(ped)? taking|come off|coming off|prescri\w*|pharmac\w*|doctor|side effects?|dosage|refill)\b/,
  height: /\b(bridge|roof|rooftop|ledge|edge|balcony|window|cliff|tracks|railway|platform)\b/,
  jump: /\b(jump\w*|throw myself|step off|let myself fall)\b/,
  onEdge: /\b(on|at) the (edge of the )?(bridge|roof|rooftop|ledge|balcony|cliff|tracks|railing)\b/,
  now: /\b(right now|at the moment|this (minute|moment)|tonight|just (took|swallowed)|(an|one|half an) hour ago|minutes ago)\b/,
  follow:
    /\b(following me|follows me|followed me home|stalking me|outside my (door|house|flat|apartment|window)|at my door|(banging|hitting|pounding|kicking) (on |at )?(the|my) door|trying to get in|breaking in)\b/,
  fear: /\b(scared|terrified|afraid|frightened|panicking|alone|help me)\b/,
  threat:
    /\b((will|'ll|going to|gonna|would|'d|threaten\w* to|swears? to|swore to)( \w+){0,2} (kill|murder|stab|shoot|strangle|hurt) me)\b/,
  threatContext:
    /\b(door|drunk|knife|gun|weapon|screaming|shouting|yelling|tonight|right now|outside|threaten\w*)\b/,
  abuser: new RegExp(`\\b(he|she|they|he's|she's|my ${closePerson})\\b`),
  harmOthers:
    /\b((going to|gonna|will|'ll|want to|wanna) (kill|stab|shoot|murder|knife) (him|her|them|that \w+|my \w+)|make (him|her|them) pay)\b/,
  serious:
    /\b(not joking|no joke|i'm serious|im serious|i mean it|(thought|worked out|planned) (about )?how|(i've |ive |i have |i )?(planned|worked out) (it all|everything)|know where (he|she|they) (lives?|works?)|got what i need|knife|gun|weapon|blade)\b/,
  abuseAct:
    /\b((hits?|hitting|beats?|beating|punch\w*|slap\w*|kick\w*|chok\w*|strangl\w*|rap(es|ed|ing)|molest\w*|abus(es|ed|ing)|touch(es|ed|ing)|lock(s|ed|ing)|shov\w*|drag\w*|bit(es)?|burn(s|ed)) me\b(?! (up|out|off|at|in (chess|tennis|cards|a game)))|push(es|ed|ing)? me\b(?! (to|into|for|forward|hard to))|(won't|wont|doesn't|doesnt|does not|will not) let me (see|leave|go out|have|talk|call)|takes? (away )?my (phone|money|keys|passport)|forc(es|ed|ing) me|(grabbed|had|held|took) me by the (throat|neck)|hands? (round|around) my (neck|throat)|squeez\w* my (neck|throat))/,
  harmAct:
    /\b(cut(s|ting)?\b(?! (back|down|out|costs?|corners|ties|class|sugar|carbs|it|the|a|my (hair|nails|losses)))|carv\w*|slash\w*|burn(s|ed|ing|t)? (myself|my (arms?|wrists?|thighs?|legs?|skin|hands?|stomach))|burns on my|scratch(ed|ing)? myself|razor|blade|self[- ]?harm\w*|hurt\w* myself|harm\w* myself)/,
  harmContext:
    /\b(arms?|wrists?|thighs?|legs?|skin|stomach|hips?|my body|again|relaps\w*|clean (from|of|for)|on purpose|deliberately|to feel something|blood|bleed\w*|scars?|marks)\b/,
  accident:
    /\b(accident\w*|by mistake|oven|stove|pan|iron|kitchen|cooking|chopping|shaving|skiing|fell|bike|gym|workout|sunburn\w*|hair|paper|burn ?out|burning out)\b/,
  distance:
    /\b(novel|book|film|movie|series|story|character|protagonist|chapter|news|article|documentary|essay|report|statistics|rates|prevention|awareness|volunteer\w*|hotline|podcast|song|lyrics|video game)\b/,
  resolved:
    /\b(behind me|in a good place|(doing|feeling|feel|am|i'm) (much |so much )?(well|better|good|fine|okay|ok) (now|today|these days)|that's (all )?in the past|i've recovered|i recovered)\b/,
  returning: /\b(again|lately|recently|coming back|came back|is back|are back|back again)\b/,
  joke: /\b(lol|lmao|rofl|haha\w*|hehe\w*|jk)\b|😂|🤣/,
};
