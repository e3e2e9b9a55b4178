/** Sheet stand-ins (`foundry.applications.sheets`). Tested in test/harness/foundry.test.ts and test/applications/sheets/. */
import { expandObject } from "./update.ts";

/**
 * v13 client/applications/api/document-sheet.mjs: how a sheet turns a submitted form into an update.
 * `_prepareSubmitData` takes `_processFormData`'s expanded object and validates it against the
 * document (`document.validate({ changes, clean: true, fallback: false })`, which throws) before
 * returning it; `_processFormData` expands the form's flat keys.
 */
export class DocumentSheetV2 {
  options: { document: { validate(o: object): unknown } };
  constructor(options: { document: { validate(o: object): unknown } }) {
    this.options = options;
  }
  get document() {
    return this.options.document;
  }
  get item() {
    return this.options.document;
  }
  _processFormData(_event: unknown, _form: unknown, formData: { object: Record<string, unknown> }): object {
    return expandObject(formData.object) as object;
  }
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Record<string, unknown> }): object {
    const submitData = this._processFormData(event, form, formData);
    this.document.validate({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }
}
