import type { CueLexicon } from '../types.ts';

const hisSide =
  '(mann|partner|freund|bester freund|vater|stiefvater|onkel|bruder|sohn|ex|chef|opa|grossvater|cousin|kollege|mitbewohner)';
const herSide =
  '(frau|partnerin|freundin|beste freundin|mutter|stiefmutter|tante|schwester|tochter|ex|chefin|kollegin|mitbewohnerin)';

export const de: CueLexicon = {
  language: 'de',
  self: /\b(ich|mich|mir|mein|meine|meinen|meinem|meiner|hab|bin)\b/,
  close: new RegExp(`\\b(mein ${hisSide}|meine ${herSide}|er|sie)\\b`),
  otherSubject: /\b(er|du|ihr|wir|man|jemand|ihm|ihn)\b/,
  intent:
    /\b(will|wollte|mochte|moechte|wurde gerne|denke|dachte|denke daran|gedanken|vorstellen|stelle mir|traume|plane|geplant|beschlossen|entschieden|vorhaben|habe vor|am liebsten|wunsche|wunschte|sehne mich|gesagt|sagt)\b/,
  deathWish:
    /\b(tot sein|tot ware|(nicht|nie) (mehr|wieder) auf(zu)?wachen|ein(zu)?schlafen und nicht|mich umbringen|sich umbringen|(mir|sich) ([a-z]+ ){0,3}das leben (zu )?nehmen|(mit allem|allem) ein ende|meine (eigene )?beerdigung|dass (einfach |endlich |nur )?alles (einfach |endlich |fur immer )?(aufhort|vorbei ist)|fur immer (weg|verschwinden|schlafen))\b/,
  leaving:
    /\b((bald|morgen|dann) nicht mehr (da|hier)|nicht mehr (da|hier) (bin|sein|ware|sein werde)|wenn ich nicht mehr (bin|da bin|lebe)|nach meinem tod|abschiedsbrie\w*|(verschenkt|verschenke|weggegeben|abgegeben|gegeben) [a-z ]{0,40}(weil|da) ich|(ihre|seine|meine) sachen verschenkt|meine angelegenheiten (regeln|geregelt|ordnen))/,
  burden:
    /\b((eine|nur eine) last|zur last|(waren|ware|sind) (alle )?(erleichtert|besser dran)|besser ohne mich|niemand (wurde|wird) (es )?(merken|mich vermissen|auffallen)|wurde (es )?niemand merken)/,
  hopeless:
    /\b(keine zukunft|kein ausweg|keinen ausweg|wozu (noch )?(weitermachen|weiterleben|das alles)|ich kann nicht mehr weiter(leben|machen)?|nichts mehr, wofur es sich zu leben lohnt|(das|mein) leben (hat|macht) (keinen|null) sinn( mehr)?|(sehe|seh) keinen sinn (mehr )?(im leben|zu leben|weiterzumachen|mehr)|(sehe|seh) keinen ausweg( mehr)?)\b/,
  lethalMeans:
    /\b(uberdosis|tabletten|schlaftabletten|pillen|medikamente|antidepressiva|paracetamol|seil|strick|schlinge|pistole|rasierklingen)\b/,
  quantity: /\b(alle|ganze packung|wie viele|wieviele|genug|die ganze|viel zu viele)\b/,
  research: /\b(gegoogelt|googeln|gesucht|recherchiert|nachgelesen|nachgeschaut)\b/,
  acquire: /\b(gekauft|kaufe|besorgt|bestellt|gesammelt|sammle|gehortet)\b/,
  benignMeds: /\b(vergessen|absetzen|abgesetzt|rezept|apotheke|arzt|arztin|nebenwirkungen|dosis)\b/,
  height: /\b(brucke|dach|rand|balkon|fenster|klippe|gleise|gleis|bahnsteig)\b/,
  jump: /\b(springen|springe|spring|runterspringen|mich (\w+ )?(sturzen|werfen|fallen lassen))\b/,
  onEdge: /\b(auf|am rand) (der|dem|vom|von der|des) (brucke|dach|daches|balkon|klippe)\b/,
  now: /\b(gerade|jetzt gerade|im moment|heute nacht|heute abend|sofort|vor (einer|einer halben|zehn|ein paar) (stunde|minuten))\b/,
  follow:
    /\b(verfolgt mich|folgt mir|vor (der|meiner) tur|vor meinem haus|(hammert|klopft|schlagt|tritt) (gegen|an) die tur|will rein|bricht ein)\b/,
  fear: /\b(angst|panik|verangstigt|allein|hilfe)\b/,
  threat:
    /\b(bringt mich um|mich umbringt|mich umbringen (wird|will)|mich (toten|erstechen|abstechen) (wird|will)|mich (totet|ersticht|absticht))\b/,
  threatContext:
    /\b(tur|betrunken|besoffen|messer|waffe|schreit|brullt|heute nacht|jetzt|gerade|droht|gedroht)\b/,
  abuser: new RegExp(`\\b(er|sie|mein ${hisSide}|meine ${herSide})\\b`),
  harmOthers:
    /\b((stech|knall|mach|bring) (ich )?(ihn|sie|den|die|das schwein) (ab|um|kalt)|(stech|knall|mach|bring) (ich )?(meine|meinen|seine|seinen|ihre|ihren|diese|diesen) \w+ (ab|um|kalt)|(werd|werde|will) (ihn|sie|den|die) (umbringen|abstechen|erschiessen|abknallen|toten)|(wird|soll) (dafur )?bezahlen)\b/,
  serious:
    /\b(kein (witz|scherz|spass)|ich mein(e)? (es|das) ernst|(hab|habe) (mir )?(schon )?(uberlegt|geplant) wie|(hab|habe) (schon )?alles (geplant|durchdacht)|weiss wo (er|sie) (wohnt|arbeitet)|messer|waffe|pistole|gewehr)\b/,
  abuseAct:
    /\b((schlagt|schlug|haut|haute|boxt|tritt|trat|schubst|stosst|wurgt|packt|sperrt|schliesst|vergewaltigt|missbraucht|misshandelt|begrapscht|befummelt|bedroht|ohrfeigt) mich\b|(mich|mir) ([a-z]+ ){0,4}(geschlagen|geschubst|gestossen|runtergestossen|gewurgt|eingesperrt|vergewaltigt|missbraucht)\b|nimmt mir (das handy|das geld|den schlussel)|verbietet mir|(am|an den) hals (gepackt|gedruckt)|(den )?hals zugedruckt|die hande um (den|meinen) hals)/,
  harmAct:
    /\b(ritz\w*|geritzt|schneide mich|geschnitten|schneiden|rasierklinge|klinge|brandwunden|verbrenne mich|selbstverletz\w*|mir weh|wehtun|schlage mich|kratze mich)\b/,
  harmContext:
    /\b(arm|arme|armen|handgelenk\w*|oberschenkel\w*|bein|beine|beinen|haut|bauch|wieder|ruckfall|ohne schneiden|absichtlich|blut\w*|narben?)\b/,
  accident:
    /\b(unfall|versehentlich|aus versehen|ofen|herd|pfanne|bugeleisen|kochen|gemuse|zwiebeln|rasieren|skifahren|velo|fahrrad|gesturzt|sonnenbrand|haare|papier|burnout)\b/,
  distance:
    /\b(roman|buch|film|serie|geschichte|figur|hauptfigur|kapitel|nachricht|nachrichten|zeitung|artikel|doku|dokumentation|aufsatz|bericht|statistik\w*|\w*raten|\w*pravention|ehrenamtlich\w*|hotline|podcast|lied|songtext)\b/,
  resolved:
    /\b(liegt hinter mir|hinter mir gelassen|(heute|jetzt) geht es mir (gut|besser)|geht es mir (heute|jetzt) (gut|besser)|mir geht es (jetzt|heute) (gut|besser)|habe ich uberwunden)\b/,
  returning: /\b(wieder|kommt zuruck|in letzter zeit|seit kurzem|ruckfall)\b/,
  joke: /\b(haha\w*|hihi|lol|xd)\b|😂|🤣/,
};
