/** What clicking a characteristic or an ability on a sheet rolls. */
import { postPowerRoll } from "../chat-commands.ts";
import { foundryI18n } from "../foundry-i18n.ts";

type Speaker = ReturnType<typeof ChatMessage.getSpeaker>;

export function rollCharacteristicTest(actor: Actor.Implementation, characteristic: string, value: number) {
  const label = foundryI18n.localize(`SE.Characteristic.${characteristic}`);
  return postPowerRoll(
    { characteristic: value, flavor: foundryI18n.format("SE.Hero.TestFlavor", { characteristic: label }) },
    { speaker: ChatMessage.getSpeaker({ actor }) as Speaker },
  );
}
