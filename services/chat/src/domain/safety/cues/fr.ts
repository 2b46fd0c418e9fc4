import type { CueLexicon } from '../types.ts';

const hisSide =
  '(mari|conjoint|compagnon|copain|petit ami|pere|beau-pere|oncle|frere|fils|ex|patron|chef|grand-pere|cousin|ami|meilleur ami|collegue|coloc)';
const herSide =
  '(femme|conjointe|compagne|copine|petite amie|mere|belle-mere|tante|soeur|fille|ex|patronne|cheffe|amie|meilleure amie|collegue|coloc)';

export const fr: CueLexicon = {
  language: 'fr',
  self: /\b(je|j|me|m|moi|mon|ma|mes|jsuis|jveux|jpeux|chui)\b/,
  close: new RegExp(`\\b(mon ${hisSide}|ma ${herSide}|il|elle)\\b`),
  otherSubject: /\b(il|elle|ils|elles|tu|vous|nous|lui|leur|quelqu'un)\b/,
  intent:
    /\b(veux|voudrais|voulais|veut|voulait|envie|pense|pensais|penser|songe|imagine|imaginer|reve|decide|compte|vais|va|allait|prevois|prete|pret|aimerais|souhaite|prepare|parle d|dit qu)/,
  deathWish:
    /\b(etre morte?|en finir|me suicider|se suicider|mettre fin a (mes jours|ma vie|ses jours|sa vie)|(ne )?(pas|plus|jamais|plus jamais) me reveiller|m'endormir pour toujours|dormir pour toujours|mon (propre )?enterrement|mes (propres )?funerailles|disparaitre (pour toujours|pour de bon|a jamais|definitivement)|que tout (s'arrete|finisse|soit fini)\b(?! (au|a la|pendant|dans|cette|ce|quelques|une|un|avant|jusqu)))/,
  leaving:
    /\b((ne )?(serai|serais|sera) plus la|(ne )?(plus|pas) etre la (demain|bientot|longtemps)|quand je (ne )?serai plus la|apres ma mort|(lettres?|mots?) d'adieu|(donne|distribue|offert) (toutes )?(mes|ses) affaires|(donne|confie) (mon|ma|mes) [a-z' ]{0,30}(parce que|car|puisque) je|plus de ce monde|mes affaires en ordre)/,
  burden:
    /\b((un|qu'un) (poids|fardeau) pour|une charge pour|(seraient|serait) (soulages?|mieux) (si je|sans moi)|mieux sans moi|personne (ne )?(remarquerait|verrait|s'en rendrait compte|me regretterait))/,
  hopeless:
    /\b((n'ai |n'a |je n'ai )?(plus|pas|aucun) d'avenir|aucun avenir|a quoi bon (continuer|vivre|tout ca)|(pas|plus|aucune) d'issue|aucune issue|(ne )?(vois|voit) (plus|pas|aucune) (d'issue|d'avenir|de raison de)|(la|ma) vie n'a (plus )?(aucun |pas de |plus de )?sens|(plus|aucun) de sens a (ma|la) vie|(je )?(ne )?vois (pas|plus) de sortie)/,
  lethalMeans:
    /\b(overdose|medicaments|medocs|cachets|comprimes|pilules|somniferes|antidepresseurs|paracetamol|corde|noeud coulant|pistolet|fusil|lames de rasoir)\b/,
  quantity: /\b(tous|toutes|combien|assez de|toute la boite|la boite entiere|trop de)\b/,
  research: /\b(cherche|recherche|google|renseigne)\w*/,
  acquire: /\b(achete|commande|stocke|accumule|mis de cote|garde de cote)\w*/,
  benignMeds:
    /\b(oublie de prendre|arrete de prendre|arreter (de prendre )?(mes|les)|ordonnance|pharmacie|medecin|effets secondaires|posologie)\b/,
  height: /\b(pont|toit|rebord|balcon|fenetre|falaise|voie ferree|rails|quai)\b/,
  jump: /\b(sauter|saute|me jeter|me laisser tomber)\b/,
  onEdge:
    /\b(sur|au bord) (du|de la|le|la|d'un|d'une) (pont|toit|rebord|balcon|falaise|quai)\b|\bau bord du vide\b/,
  now: /\b(la maintenant|en ce moment|ce soir|cette nuit|tout de suite|il y a (une heure|quelques minutes|\d+ minutes)|viens d'avaler|viens de prendre)\b/,
  follow:
    /\b(me suit|me suivait|me suivent|me poursuit|devant (ma|la) porte|devant chez moi|(tape|frappe|cogne) (contre|a) (la|ma) porte|essaie d'entrer|essaye d'entrer|entrer par effraction)\b/,
  fear: /\b(peur|terrorisee?|effrayee?|panique|seule?|au secours|aidez)\b/,
  threat:
    /\b((va|vais|allait|veut|menace de|jure de|jure qu'il va) me (tuer|buter|poignarder|egorger|etrangler|descendre)|me (tuera|tuerait|butera|buterait))\b/,
  threatContext:
    /\b(porte|ivre|saoul|couteau|arme|crie|criant|hurle|hurlant|ce soir|cette nuit|maintenant|menace)\b/,
  abuser: new RegExp(`\\b(il|elle|ils|mon ${hisSide}|ma ${herSide})\\b`),
  harmOthers:
    /\b((vais|va|veux) (le|la|les) (tuer|buter|planter|poignarder|descendre|crever)|je (le|la|les) (tue|bute|descends|plante)|vais (tuer|buter|poignarder) (mon|ma|mes|son|sa|ce|cette) \w+|(je )?(lui|leur) (plante|planter|plant) (un|une|quelque|qqch|le|mon)|(il|elle) va (payer|le payer|me le payer)|vais (lui|leur) faire payer)\b/,
  serious:
    /\b(je (ne )?(rigole|plaisante|blague) pas|c'est pas une blague|serieux|j'ai (deja )?reflechi (a )?comment|j'ai tout (prevu|planifie|organise)|je sais ou (il|elle) (habite|bosse|travaille)|j'ai ce qu'il faut|couteau|arme|fusil|flingue)\b/,
  abuseAct:
    /(\bme (frappe|frappait|bat|battait|tape|tapait|gifle|giflait|pousse|poussait|cogne|cognait|secoue|etrangle|enferme|viole|touche|touchait|force|forcait|interdit|empeche)\b|\bm'(a|avait) (frappee?|battue?|giflee?|poussee?|etranglee?|enfermee?|violee?|touchee?|forcee?)\b|\bm'(enferme|etrangle|interdit|empeche|oblige)\b|\bcoups de (poing|pied)\b|\bm'a (serre|sere|pris|prise|attrape|attrapee) (le cou|la gorge|par le cou|par la gorge|a la gorge)\b|\bme serre (le cou|la gorge)\b|\b(prend|confisque) mon (telephone|portable|argent)\b)/,
  harmAct:
    /\b(me coup\w*|coupure\w*|entaill\w*|taillad\w*|scarifi\w*|me brul\w*|brulures|lame|rasoir|automutil\w*|me (faire|fais|fait) (du )?mal)/,
  harmContext:
    /\b(bras|poignets?|cuisses?|jambes?|peau|ventre|corps|encore|recommence|rechute|sans me couper|expres|volontairement|sang|saigne\w*|cicatrices?|marques?)\b/,
  accident:
    /\b(accident\w*|sans faire expres|par megarde|four|poele|fer a repasser|cuisine|cuisinant|en coupant|legumes|oignons|rasant|ski|velo|tombee?|chute|sport|coup de soleil|cheveux|papier|burn-out)\b/,
  distance:
    /\b(roman|livre|film|serie|personnage|heroine|heros|chapitre|la nouvelle|actualite|journal|article|documentaire|expose|rapport|statistiques?|taux|prevention|sensibilisation|benevole|ligne d'ecoute|podcast|chanson)\b/,
  resolved:
    /\b(derriere moi|je vais (bien|mieux) (maintenant|aujourd'hui)|aujourd'hui je vais (bien|mieux)|ca va (bien|mieux) maintenant|c'est du passe|je m'en suis sortie?)/,
  returning: /\b(recommence|revient|reviennent|de nouveau|a nouveau|ces derniers temps|depuis peu|rechute)\b/,
  joke: /\b(mdr|ptdr|lol|haha\w*|xd)\b|😂|🤣/,
};
