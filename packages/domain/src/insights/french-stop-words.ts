/** French words that say nothing about a product (accents folded, as the themes compare them). */
export const FRENCH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a ai aie aient aies ait alors as au aucun aucune aupres aura aurai auraient aurais aurait aussi autre
  autres aux avaient avais avait avant avec avez aviez avions avoir avons ayant beaucoup bien c ca car ce
  ceci cela celle celles celui cependant certes ces cet cette ceux chaque chez ci comme comment d dans de
  des deja depuis donc dont du elle elles en encore entre es est et etaient etais etait etant ete etes
  etions etre eu eue eues eus eut faire fait faites fois font hors ici il ils j je jusqu l la le les leur
  leurs lors lui m ma mais me meme memes mes moi moins mon n ne ni non nos notre nous on ont ou par parce
  pas peu peut plus pour pourquoi qu quand que quel quelle quelles quels qui quoi s sa sans se sera serai
  seraient serait ses si sien soi soit sommes son sont sous suis sur t ta tant te tes toi ton tous tout
  toute toutes tres tu un une unes uns vers via voici voila vos votre vous vu y cest jai ete etre avoir
  fait faire deux trois rien tout tres trop vraiment ok oui aussi apres avant puis ainsi dont lequel
  laquelle lesquels duquel auquel celle cela ceci ca`.split(/\s+/),
);
