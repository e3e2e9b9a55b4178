// For modules in the entry: which exports are used only by modules NOT in the entry (candidates to split off).
// usage: node exports-usage.mjs <regex of module paths>
import ts from "typescript"; import fs from "fs"; import path from "path";
const root = process.cwd();
const map = JSON.parse(fs.readFileSync("dist/steel-echoes.mjs.map", "utf8"));
const inEntry = new Set(map.sources.map((s) => s.replace(/^.*?src\//, "src/")));
const cfg = ts.getParsedCommandLineOfConfigFile("tsconfig.json", {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const program = ts.createProgram(cfg.fileNames, cfg.options);
const checker = program.getTypeChecker();
const re = new RegExp(process.argv[2]);
const users = new Map(); // "file#name" -> Set(importer)
for (const sf of program.getSourceFiles()) {
  const f = path.relative(root, sf.fileName);
  if (!f.startsWith("src/")) continue;
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || st.importClause?.isTypeOnly) continue;
    const nb = st.importClause?.namedBindings;
    if (!nb || !ts.isNamedImports(nb)) continue;
    for (const el of nb.elements) {
      if (el.isTypeOnly) continue;
      let sym = checker.getSymbolAtLocation(el.name);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      const decl = sym?.declarations?.[0]; if (!decl) continue;
      const df = path.relative(root, decl.getSourceFile().fileName);
      const key = `${df}#${sym.name}`;
      if (!users.has(key)) users.set(key, new Set());
      users.get(key).add(f);
    }
  }
}
for (const [key, set] of [...users].sort()) {
  const [file, name] = key.split("#");
  if (!re.test(file) || !inEntry.has(file)) continue;
  const e = [...set].filter((u) => inEntry.has(u)), o = [...set].filter((u) => !inEntry.has(u));
  console.log(`${e.length ? "ENTRY" : "lazy "} ${file} ${name}  <= entry:[${e.join(" ")}] other:[${o.join(" ")}]`);
}
