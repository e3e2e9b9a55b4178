/**
 * Seed 003's Exploits and Setbacks tables (S3:L73–116), as the seed prints them, each with the seed
 * line it comes from (test/data/d12-tables.test.ts checks them against the seed). A 12 on a
 * successful check lets the roller choose an exploit of rank up to the other die; a 1 lets the GM
 * choose a setback (S3:L65–69).
 */

export interface D12Exploit { rank: number; kind: "combat" | "other"; name: string; text: string; line: number }
export interface D12Setback { roll: number; name: string; text: string; line: number }

export const D12_EXPLOITS: readonly D12Exploit[] = [
  { rank: 2, kind: "combat", name: "On guard", text: "You take a better defensive stance. You get a +2 bonus to your Defense until the start of your next turn.", line: 75 },
  { rank: 3, kind: "combat", name: "Quick movement", text: "You can immediately move 3 meters or stand up if you’re prone. This extra move does not count on how far you can move during this turn.", line: 76 },
  { rank: 4, kind: "combat", name: "Extra minor action", text: "You can immediately take an extra minor action. You can also use this extra minor action to make an attempt to grab, disarm or shove against an opponent.", line: 77 },
  { rank: 5, kind: "combat", name: "Effective strike", text: "The attack deals +1d6 extra damage and the target must succeed on a DC 17 STR (Stamina) saving throw or be sickened until the start of your next turn.", line: 78 },
  { rank: 6, kind: "combat", name: "Team play", text: "Choose one ally you can see and who can see the target of your attack. That ally can immediately make an attack against that target using his reaction.", line: 79 },
  { rank: 7, kind: "combat", name: "Help", text: "You can immediately take the Help action as an extra action.", line: 80 },
  { rank: 8, kind: "combat", name: "Vanish", text: "You can immediately take the Hide action as an extra action, if circumstances allow to do so.", line: 81 },
  { rank: 9, kind: "combat", name: "Powerful strike", text: "The attack deals +1d8 extra damage and the target suffers a trauma.", line: 82 },
  { rank: 10, kind: "combat", name: "Lethal strike", text: "The attack deals +1d10 extra damage and the target suffers a trauma.", line: 83 },
  { rank: 11, kind: "combat", name: "Climb the initiative", text: "From the start of the next combat round, you will act first in the initiative order.", line: 84 },
  { rank: 2, kind: "other", name: "Memorable joke", text: "You come up with a shrewd joke that seals your action. If you can’t think of anything, the GM and the other players can suggest you some options. Rumors about your joke are likely to spread, for better or for worse.", line: 86 },
  { rank: 3, kind: "other", name: "Distraction", text: "Your check attracts someone’s attention. Choose a target that can see and hear you. Until the start of your next turn, the target has disadvantage on Perception checks that are not directed towards you.", line: 87 },
  { rank: 4, kind: "other", name: "Masterful execution", text: "You complete the check-related task using only half the time and resources it normally requires.", line: 88 },
  { rank: 5, kind: "other", name: "“One more thing!”", text: "You can make a second ability check to expand the results of the original check (for example, discover more information or deepen an interaction). This extra check cannot use the same skill used in the original check and cannot generate exploits, but it doesn’t require additional time or resources since it’s considered contemporary to the first.", line: 89 },
  { rank: 6, kind: "other", name: "Focused attention", text: "You have advantage on any other ability check made to examine, study, or understand the target of the check you just made. This benefit lasts for 10 minutes or until circumstances change in some way.", line: 90 },
  { rank: 7, kind: "other", name: "Influencing the audience", text: "Your arguments are so effective that, in addition to the intended target, they also influence others who witness the scene. Many of those present will be led to support your reasons relating to the current circumstance.", line: 91 },
  { rank: 8, kind: "other", name: "Astonished silence", text: "Your performance is so impressive that everyone who witnessed it is astonished and speechless for one round. Out of combat, this effect lasts at least as long as it takes for you to start doing something else.", line: 92 },
  { rank: 9, kind: "other", name: "Emotional response", text: "Choose a target who can see and hear you. Your behavior causes the target to have a strong emotional reaction towards you. The type of reaction depends on what you do. It could be amazement, admiration, contempt, anger, friendship or even infatuation. It is up to the GM to decide what happens in detail and what that implies, but it depends a lot on how you continue to act.", line: 93 },
  { rank: 10, kind: "other", name: "Discovery", text: "You guess additional information. Depending on the type of check you made, the GM may reveal hidden details about its target, notions that can influence the situation you are in, one or more personality traits or some well-hidden secret of an interlocutor, and so on.", line: 94 },
  { rank: 11, kind: "other", name: "Sign of destiny", text: "You get an EDGE card and can choose any exploit of rank 7 or lower.", line: 95 },
];

export const D12_SETBACKS: readonly D12Setback[] = [
  { roll: 2, name: "Trauma", text: "If appropriate to the circumstances, you suffer a mild trauma, otherwise no setback happens.", line: 98 },
  { roll: 3, name: "“Not right now!”", text: "Something breaks or stops working at the worst moment.", line: 99 },
  { roll: 4, name: "Fright", text: "Something scares you. You are frightened until the start of your next turn.", line: 100 },
  { roll: 5, name: "Defensive breach", text: "You lower your guard. Attack rolls against you have advantage until the start of your next turn.", line: 101 },
  { roll: 6, name: "Outrage", text: "You say or do something that offends an interlocutor, worsening its attitude towards you and your companions.", line: 102 },
  { roll: 7, name: "“Damn!”", text: "The weapon you are holding slips from your hand or jams. As an action on your turn, you can pick it up or unjam it.", line: 103 },
  { roll: 8, name: "Ringing in your ears", text: "Your ears are ringing annoyingly. You are deafened until the start of your next turn.", line: 104 },
  { roll: 9, name: "Uneasiness", text: "Something upsets you unexpectedly. You have disadvantage on your next ability check.", line: 105 },
  { roll: 10, name: "“It fell!”", text: "Something you are carrying falls off, loosening from a strap or slipping out of a pocket or backpack.", line: 106 },
  { roll: 11, name: "Distraction", text: "Something distracts you momentarily. You have disadvantage on your next ability check.", line: 107 },
  { roll: 12, name: "Something in the eye", text: "A glimmer of light or airborne dust blurs your vision. You are dazzled until the start of your next turn.", line: 108 },
  { roll: 13, name: "Gaffe", text: "You say or do something trivial, but that an interlocutor does not like or finds inconvenient.", line: 109 },
  { roll: 14, name: "Tumble", text: "You stumble and fall prone.", line: 110 },
  { roll: 15, name: "Incorrect certainty", text: "You are convinced that your action is successful, without realizing that in reality it’s the exact opposite.", line: 111 },
  { roll: 16, name: "From bad to worse", text: "Failing to avoid a harmful effect, you suffer worse consequences (double the damage, double the duration, etc.).", line: 112 },
  { roll: 17, name: "Friendly target", text: "Your attack misses the target and accidentally hits an ally that is adjacent to it (or in the direction of the shot).", line: 113 },
  { roll: 18, name: "Illness", text: "You suffer from a sudden illness. You are stunned until the start of your next turn.", line: 114 },
  { roll: 19, name: "Sudden fatigue", text: "You suddenly feel exhausted. You suffer a level of exhaustion.", line: 115 },
  { roll: 20, name: "Loss", text: "You break or lose something important.", line: 116 },
];

/** The exploits a roller may choose at `rank` (the die that did not roll 12): rank or lower (S3:L66). */
export function exploitsUpTo(rank: number): D12Exploit[] {
  return D12_EXPLOITS.filter((e) => e.rank <= rank);
}
