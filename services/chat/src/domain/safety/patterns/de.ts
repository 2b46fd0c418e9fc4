import type { LanguagePatterns } from '../types.ts';

const close =
  '(mann|frau|partner|partnerin|freund|freundin|vater|papa|mutter|mama|stiefvater|stiefmutter|onkel|bruder|schwester|ex|sohn|tochter|chef|chefin)';

export const de: LanguagePatterns = {
  language: 'de',
  negators: /\b(nicht|nie|niemals|kein|keine|keinen|keinem|keinesfalls)\b/,
  suppressors: [
    /\blieber (sterbe ich|sterben),? als\b/,
    /\b(im|beim|in|bei) (schach|tennis|spiel|fussball|\w+spiel|karten)\b/,
    /\b(geschnitten|verletzt|verbrannt) (beim|bei|im|am)\b/,
    /\bmich (beim|bei|im) (\w+ )?(geschnitten|verletzt|verbrannt)\b/,
  ],
  rules: [
    // Suizidgedanken
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(will|mochte|moechte|wurde gerne|wuerde gerne|will einfach|mochte einfach) (\w+ ){0,2}sterben\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(will|mochte|moechte|wunschte|wuenschte)( \w+){0,3} tot (sein|ware|waere)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bich wunschte,? ich ware tot\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(mich|sich|dich) (\w+ ){0,2}(umbringen|umzubringen|toten|zu toten|erhangen|aufhangen)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\b(ich )?bringe? mich (\w+ ){0,2}um\b(?! (mit|vor))/ },
    { category: 'suicidal_thoughts', pattern: /\berhange mich\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(suizid|selbstmord)(gedanken|plane?|versuch)\b/ },
    { category: 'suicidal_thoughts', pattern: /\bsuizidal\b/ },
    { category: 'suicidal_thoughts', pattern: /\bmir das leben (zu )?nehmen\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(will|mochte|kann) nicht mehr leben\b/, negatable: false },
    {
      category: 'suicidal_thoughts',
      pattern: /\bkeinen (grund|sinn) mehr (darin )?(zu leben|im leben|zum leben)\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\b(besser|ginge es besser) ohne mich\b/ },
    { category: 'suicidal_thoughts', pattern: /\babschiedsbrief/ },
    { category: 'suicidal_thoughts', pattern: /\bnie (wieder|mehr) aufwachen\b/, negatable: false },
    { category: 'suicidal_thoughts', pattern: /\blebensmude\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b((einfacher|besser|leichter) fur alle|fur alle (einfacher|besser|leichter)),? wenn ich (nicht mehr da|tot|weg|nicht mehr am leben) (ware|waere)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\bmich vor (einen|den|ein|die) (zug|bus|auto|lkw|tram|s-bahn) (zu )?(werfen|schmeissen|legen)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\balles (soll )?fur immer (aufhort|aufhoren|vorbei ist)\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(das leben|vom leben) (satt|mude)\b/ },
    { category: 'suicidal_thoughts', pattern: /\bfur immer (verschwinden|weg sein)\b/ },
    // Selbstverletzung
    { category: 'self_harm', pattern: /\b(ritze|ritzen|geritzt|ritzte)\b/ },
    { category: 'self_harm', pattern: /\bselbstverletz/ },
    {
      category: 'self_harm',
      pattern: /\bmich selbst (\w+ )?(zu )?(verletzen|verletze|schlagen|schlage|verbrennen)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\b(verletze|schlage|verbrenne|kratze|schneide) mich (selbst|blutig|mit|absichtlich|wieder|wenn)\b/,
    },
    { category: 'self_harm', pattern: /\bmich (wieder|erneut) geschnitten\b/ },
    { category: 'self_harm', pattern: /\bmir (selbst )?(weh ?tun|wehzutun|etwas antun|was antun)\b/ },
    {
      category: 'self_harm',
      pattern:
        /\bmir (\w+ ){0,5}(die|den|das) (arme?|handgelenke?|oberschenkel|beine?|haut|bauch) (\w+ )?(aufgeschnitten|aufgeritzt|geritzt|zerschnitten|aufgekratzt)\b/,
    },
    { category: 'self_harm', pattern: /\b(tue|tat) mir (\w+ ){0,3}(absichtlich|bewusst|extra) weh\b/ },
    // Gewalt und Missbrauch
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(er|sie|mein ${close}|meine ${close})( \\w+){0,3} (schlagt|schlug|verprugelt|verprugelte|vergewaltigt|missbraucht|misshandelt|wurgt|bedroht|fasst) mich\\b`,
      ),
    },
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(mein ${close}|meine ${close}|er|sie) hat mich (\\w+ ){0,2}(geschlagen|verprugelt|vergewaltigt|missbraucht|gewurgt)\\b`,
      ),
    },
    { category: 'abuse', pattern: /\b(eine )?ohrfeige (gegeben|verpasst)\b/ },
    {
      category: 'abuse',
      pattern:
        /\b(ich )?(wurde|werde|bin)( \w+){0,4} (vergewaltigt|missbraucht|misshandelt|verprugelt|geschlagen)\b/,
    },
    { category: 'abuse', pattern: new RegExp(`\\bangst vor (meinem|meiner) ${close}\\b`) },
    { category: 'abuse', pattern: /\b(erlebe|erleide|erfahre) (\w+ )?(hausliche|sexuelle) gewalt\b/ },
    { category: 'abuse', pattern: /\bzum sex gezwungen\b/ },
    { category: 'abuse', pattern: /\bhat mich (\w+ ){0,2}(missbraucht|vergewaltigt|misshandelt)\b/ },
    // Akute Gefahr
    { category: 'acute_danger', pattern: /\bmit (einem|einer) (messer|pistole|waffe|gewehr)\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(alle meine|eine ganze packung|viel zu viele|die ganze packung)\b.{0,40}\b(tabletten|schlaftabletten|pillen|medikamente)\b.{0,30}\b(genommen|geschluckt|eingenommen)\b/,
    },
    { category: 'acute_danger', pattern: /\bich bin in (akuter |grosser )?gefahr\b/ },
    { category: 'acute_danger', pattern: /\bdroht,? mich (umzubringen|zu toten|zu schlagen|zu erstechen)\b/ },
    { category: 'acute_danger', pattern: /\b(einzubrechen|bricht ein|einbrechen)\b/ },
    { category: 'acute_danger', pattern: /\bauf (der|einer|dem) (brucke|dach)\b.{0,40}\bspringen\b/ },
    {
      category: 'acute_danger',
      pattern:
        /\b(gesagt|droht|gedroht|schreit|geschrien|geschworen),? (dass )?(er|sie) (bringt mich um|mich umbringt|mich umbringen wird|bringe mich um|werde mich umbringen|wurde mich umbringen)\b/,
    },
  ],
};
