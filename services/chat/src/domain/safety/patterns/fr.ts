import type { LanguagePatterns } from '../types.ts';

const close =
  '(mari|femme|conjoint|conjointe|compagnon|compagne|copain|copine|partenaire|pere|papa|mere|maman|beau-pere|belle-mere|oncle|frere|soeur|ex|fils|fille|patron|patronne|chef|cheffe)';

export const fr: LanguagePatterns = {
  language: 'fr',
  negators: /(^|\s)(ne|n'|pas|jamais|aucune?|ni)(\s|$)|\bn'/,
  suppressors: [
    /\bplutot mourir que\b/,
    /\bme tue a (le |la |les |vous |te |lui |leur )?(dire|repeter|expliquer|travailler|la tache)\b/,
    /\b(coupee?|blessee?|brulee?) (en (cuisinant|bricolant|jardinant)|avec (le|la|un|une) (couteau|four|fer|poele|casserole)|au (dos|genou|pied|doigt)|a la (main|cheville))\b/,
    /\bm'a battue? (aux|au|a la)\b/,
    /\ben finir avec (ce|cet|cette|ces|mon|ma|mes|le|la|les) (?!vie)/,
  ],
  rules: [
    // Idées suicidaires
    { category: 'suicidal_thoughts', pattern: /\b(envie|besoin) de mourir\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(veux|voudrais|voulais|souhaite|prefere|prefererais) (juste |simplement |vraiment |seulement )?mourir\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\b(me|se|te) (suicider|suicide)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(pensees?|idees?) (suicidaires?|de suicide|de mort|noires de mort)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bsuicidaire\b/ },
    { category: 'suicidal_thoughts', pattern: /\btentative de suicide\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(veux|voudrais|vais|envie de|pense a|penser a|essaye de|essaie de|decide de|facons de|moyens de|comment) me (tuer|suicider|pendre|jeter)\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(veut|voulait|va|allait|envie de|pense a|parle de|essaye de|essaie de) se (tuer|suicider|pendre|jeter)\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(plus aucun|aucun|plus de|pas de|plus) (interet|sens) a (vivre|la vie)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(fatiguee?|lasse?) de (vivre|la vie)\b(?! (a|avec|dans|ici|en|chez|comme|sous))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(marre|assez) de (la vie|vivre)\b(?! (a|avec|dans|ici|en|chez|comme))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\bme jeter sous (un|le|une|la) (train|metro|bus|voiture|tram)\b/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\bdisparaitre (pour toujours|pour de bon|a jamais|definitivement)\b/,
      // "à jamais" is itself a negation word.
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\bpartir pour (de bon|toujours)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern:
        /\b(plus simple|mieux|plus facile) pour tout le monde si je (disparaissais|n'etais plus la|mourais|n'existais pas|partais)\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\bque tout s'arrete (pour toujours|a jamais|definitivement|pour de bon)\b/,
    },
    { category: 'suicidal_thoughts', pattern: /\bmettre fin a (mes jours|ma vie|sa vie|ses jours)\b/ },
    {
      category: 'suicidal_thoughts',
      pattern: /\ben finir\b(?! avec (ce|cet|cette|ces|mon|ma|mes|le|la|les) (?!vie))/,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(ne veux plus|veux plus|n'ai plus envie de|ai plus envie de) vivre\b/,
      negatable: false,
    },
    {
      category: 'suicidal_thoughts',
      pattern: /\b(plus aucune|aucune|plus de) raisons? de vivre\b/,
      negatable: false,
    },
    { category: 'suicidal_thoughts', pattern: /\b(aimerais|voudrais|prefererais) etre morte?\b/ },
    { category: 'suicidal_thoughts', pattern: /\b(serait|seraient|serais) mieux sans moi\b/ },
    { category: 'suicidal_thoughts', pattern: /\blettres? d'adieu\b/ },
    { category: 'suicidal_thoughts', pattern: /\bne (jamais|plus jamais) me reveiller\b/, negatable: false },
    // Automutilation
    { category: 'self_harm', pattern: /\b(scarifie|scarifiee|scarifier|scarifie|me scarifie)\b/ },
    {
      category: 'self_harm',
      pattern: /\b(automutile|automutiler|auto-mutile|mutile|mutiler|automutilation)\b/,
    },
    {
      category: 'self_harm',
      pattern:
        /\bme (coupe|couper|taillade|brule|bruler|frappe|frapper|griffe|griffer|blesse|blesser) (les |le |la |avec |jusqu|quand|volontairement|expres|encore)/,
    },
    { category: 'self_harm', pattern: /\b(me faire|me fais|me fait|me ferais?) (du |de )mal\b/ },
    {
      category: 'self_harm',
      pattern:
        /\bme suis (encore |de nouveau )?(taillade|entaille|coupe|scarifie|brule)e?s? (les|le|la) (bras|poignets?|cuisses?|jambes?|ventre|peau)\b/,
    },
    // Violences
    {
      category: 'abuse',
      pattern: new RegExp(
        `\\b(il|elle|mon ${close}|ma ${close})( \\w+){0,3} (me frappe|me bat|me battait|m'a frappee?|m'a battue?|m'a giflee?|me gifle|me viole|m'a violee?|me touche|m'a touchee?|m'etrangle|me tape)\\b`,
      ),
    },
    {
      category: 'abuse',
      pattern: /\b(j'ai ete|je suis|j'etais|ai ete) (violee?|agressee? sexuellement|abusee?|battue?)\b/,
    },
    { category: 'abuse', pattern: new RegExp(`\\bpeur de (mon|ma) ${close}\\b`) },
    {
      category: 'abuse',
      pattern:
        /\b(vis|subis|vivre|subir|victime de) (des |de la )?violences? (conjugales?|domestiques?|a la maison|sexuelles?)\b/,
    },
    { category: 'abuse', pattern: /\b(subis|vis|subir) des violences\b/ },
    { category: 'abuse', pattern: /\bforcee? a (avoir des relations|coucher)\b/ },
    { category: 'abuse', pattern: /\b(a|ont|avait|avaient) abuse de moi\b/ },
    // Danger immédiat
    {
      category: 'acute_danger',
      pattern: /\b(avec|a|tient|brandit) (un|son) (couteau|pistolet|fusil|arme)\b/,
    },
    {
      category: 'acute_danger',
      pattern:
        /\b(avale|avaler|avalee|pris|prendre|ingere)\b.{0,25}\b(toute ma boite|toute la boite|tous mes|toutes mes|toute la plaquette|beaucoup trop de|une boite entiere)\b.{0,30}\b(somniferes|medicaments|cachets|comprimes|pilules)?/,
    },
    { category: 'acute_danger', pattern: /\bje suis en danger\b/ },
    { category: 'acute_danger', pattern: /\bmenace de me (tuer|frapper|poignarder)\b/ },
    { category: 'acute_danger', pattern: /\b(entrer|entre) (chez moi )?par effraction\b/ },
    {
      category: 'acute_danger',
      pattern: /\bsur (le|un) (pont|toit|rebord)\b.{0,40}\b(sauter|je vais sauter)\b/,
    },
    {
      category: 'acute_danger',
      pattern:
        /\b(il|elle|ils) (a dit|m'a dit|dit|jure|a jure|crie|hurle|menace) qu'(il|elle|ils) (me tuerait|allait me tuer|va me tuer|me tuera|me tueraient)\b/,
    },
  ],
};
