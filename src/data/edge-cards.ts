/**
 * The starter EDGE deck (seed 003 S3:L818–833: "Each EDGE card carries two sentences, each of which
 * describes some kind of event"). The seed ships no deck; these twenty-four cards are written for
 * this system. Each card's two sentences are its two faces' texts; a player who plays it chooses
 * one. The pack packs/_source/edge-cards/ holds the same deck (test/data/edge-cards.test.ts keeps
 * the two equal), and `edgeDeckSource` builds the world's deck from it.
 */
export interface EdgeCardText { slug: string; name: string; sentences: readonly [string, string] }

export const EDGE_CARDS: readonly EdgeCardText[] = [
  { slug: "power-surge", name: "Power Surge", sentences: ["A nearby machine overloads in a shower of sparks.", "The lights die at the worst possible moment."] },
  { slug: "old-friend", name: "Old Friend", sentences: ["Someone here recognises you and owes you a favour.", "A familiar face turns up on the other side."] },
  { slug: "loose-footing", name: "Loose Footing", sentences: ["The floor gives way beneath someone.", "Something heavy slides across the only way out."] },
  { slug: "second-wind", name: "Second Wind", sentences: ["Someone shrugs off their pain for one more push.", "A fallen ally struggles back to their feet."] },
  { slug: "bad-signal", name: "Bad Signal", sentences: ["Every comm channel fills with static.", "A message meant for someone else reaches you instead."] },
  { slug: "hidden-stash", name: "Hidden Stash", sentences: ["You find exactly the tool you need, tucked out of sight.", "Someone's secret supplies are laid bare."] },
  { slug: "stray-shot", name: "Stray Shot", sentences: ["A shot goes wide and strikes the wrong target.", "Two rivals on the other side turn on each other."] },
  { slug: "sudden-silence", name: "Sudden Silence", sentences: ["Everyone stops to listen to a sound nobody can place.", "A whole crowd goes quiet and turns to watch you."] },
  { slug: "lucky-break", name: "Lucky Break", sentences: ["A jammed door slides open on its own.", "A weapon fails its owner at the crucial moment."] },
  { slug: "gravity-hiccup", name: "Gravity Hiccup", sentences: ["For one breath, everything weighs half as much.", "Something comes loose and falls from high above."] },
  { slug: "cover-blown", name: "Cover Blown", sentences: ["Someone's disguise slips in front of the wrong people.", "A hiding place is suddenly in plain view."] },
  { slug: "reinforcements", name: "Reinforcements", sentences: ["Help arrives from a direction nobody expected.", "More trouble arrives than anyone planned for."] },
  { slug: "inspiration", name: "Inspiration", sentences: ["Someone remembers a detail that changes everything.", "A half-forgotten lesson proves its worth."] },
  { slug: "spilled-fuel", name: "Spilled Fuel", sentences: ["Something flammable spreads across the floor.", "A small fire starts where no one is looking."] },
  { slug: "cold-feet", name: "Cold Feet", sentences: ["Someone loses their nerve and backs away.", "An enemy hesitates with the blow already raised."] },
  { slug: "alarm", name: "Alarm", sentences: ["A siren starts to wail.", "An alarm that should have sounded stays silent."] },
  { slug: "shortcut", name: "Shortcut", sentences: ["A hidden passage opens close by.", "The long way round turns out to be the only safe one."] },
  { slug: "debts-called-in", name: "Debts Called In", sentences: ["Someone demands what they are owed, right now.", "An old rival offers a truce, at a price."] },
  { slug: "blinding-flash", name: "Blinding Flash", sentences: ["A burst of light dazzles everyone facing it.", "Thick smoke fills the area in an instant."] },
  { slug: "clean-shot", name: "Clean Shot", sentences: ["Someone finds a perfect opening.", "A weak point in someone's armour becomes obvious."] },
  { slug: "mechanical-failure", name: "Mechanical Failure", sentences: ["A vehicle or drone stops answering its controls.", "An automated system switches sides."] },
  { slug: "rumour", name: "Rumour", sentences: ["Word of your deeds has reached these people first.", "A lie about you spreads faster than the truth."] },
  { slug: "close-call", name: "Close Call", sentences: ["A blow that should have landed misses by a hair.", "Someone is caught just before a fatal fall."] },
  { slug: "strange-weather", name: "Strange Weather", sentences: ["Wind, rain or dust rolls in without warning.", "The air turns so cold that breath turns to frost."] },
];

/** `deterministicId("edge-cards", ...)` (tools/lib/pack-ids.mjs): the deck's and each card's stable id. */
export const EDGE_DECK_ID = "iRydWEvAEttn15Im";
export const EDGE_CARD_IDS: Readonly<Record<string, string>> = {
  "power-surge": "ro3QIRN7nN50HgCI",
  "old-friend": "mWJUIRpqfyHPyJkv",
  "loose-footing": "uWXnX2jeixkEIApv",
  "second-wind": "R5XohnyT7sO6QqkH",
  "bad-signal": "eE5Ve5Zx5ie8Ujwx",
  "hidden-stash": "ZevYqz46BBV98eaT",
  "stray-shot": "y7va3xa3t1NTOdJ4",
  "sudden-silence": "Zw1v1AsSamaBstVY",
  "lucky-break": "4LfH9eZmVF1h1PVz",
  "gravity-hiccup": "fuMAk45WiaF2kjid",
  "cover-blown": "Su0uXdVCN3QejCtC",
  "reinforcements": "vFLmOf6Lp4z0LbzD",
  "inspiration": "LjhldkgvegDFl4qK",
  "spilled-fuel": "1REKxPMh0tZaDjtQ",
  "cold-feet": "gPDUuWFvkJ7CXiWB",
  "alarm": "GsV9pjQzg45BgkH6",
  "shortcut": "NfZ2qmm44OmJ2q5K",
  "debts-called-in": "tgBuG0mmtU43E17p",
  "blinding-flash": "FEuFkYHdYvs2wIEg",
  "clean-shot": "5LdHKN2dwBOHv2U8",
  "mechanical-failure": "5fpKFEPlRKHnea6n",
  "rumour": "KTO5KbVHffLzvTYX",
  "close-call": "eY2gw77IL772IPnJ",
  "strange-weather": "g3eo2GEPeT4z4H0V",
};

const CARD_BACK = "icons/svg/card-joker.svg";
const DECK_IMG = "icons/svg/card-hand.svg";

/** The deck as Cards document source data (v13 BaseCards with its embedded BaseCard documents). */
export function edgeDeckSource(name: string) {
  return {
    _id: EDGE_DECK_ID, name, type: "deck" as const, description: "", img: DECK_IMG,
    cards: EDGE_CARDS.map((c, i) => ({
      _id: EDGE_CARD_IDS[c.slug]!, name: c.name, description: "", type: "base" as const, suit: "", value: i + 1,
      back: { name: "", text: "", img: CARD_BACK },
      faces: c.sentences.map((text) => ({ name: c.name, text: `<p>${text}</p>`, img: CARD_BACK })),
      face: 0, drawn: false, origin: null, sort: (i + 1) * 100000,
    })),
  };
}
