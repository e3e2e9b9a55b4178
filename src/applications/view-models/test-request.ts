/** View-model of the "request a test" card the GM posts with `/rt`. Pure. */
import type { TestRequestCommand } from "../../parser/command-checks.ts";
import type { I18n } from "./i18n.ts";

export function testRequestContext(request: TestRequestCommand, i18n: I18n) {
  const characteristic = i18n.localize(`SE.Characteristic.${request.characteristic}`);
  const difficulty = request.difficulty ? i18n.localize(`SE.Test.DifficultyLabel.${request.difficulty}`) : "";
  return {
    characteristic: request.characteristic,
    difficulty: request.difficulty ?? "",
    title: i18n.localize("SE.TestRequest.Title"),
    text: difficulty
      ? i18n.format("SE.TestRequest.TextDifficulty", { characteristic, difficulty })
      : i18n.format("SE.TestRequest.Text", { characteristic }),
    button: i18n.format("SE.TestRequest.Button", { characteristic }),
  };
}
