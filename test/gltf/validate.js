#!/usr/bin/env node
// Validates glTF files with the Khronos glTF validator (npm gltf-validator, installed here by
// scripts/setup.sh): `node validate.js FILE...`. External resources (.bin, textures beside a .gltf)
// are loaded from the file's folder and validated too. Prints one summary line per file and every
// error; exits 1 when any file has an error, 2 when the validator is not installed.
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
  validator = require('gltf-validator');
} catch (e) {
  console.error('gltf-validator is not installed: npm ci --prefix test/gltf (scripts/setup.sh does it)');
  process.exit(2);
}

async function validate(file) {
  const folder = path.dirname(file);
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    maxIssues: 100,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.join(folder, decodeURIComponent(uri)), (err, data) => (err ? reject(err.toString()) : resolve(new Uint8Array(data))));
      }),
  });
  const i = report.issues;
  console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos; ` +
              `${report.info ? report.info.imageCount || 0 : 0} images`);
  for (const m of i.messages) if (m.severity === 0 || process.env.RV_VALIDATE_VERBOSE) console.log(`  ${m.severity === 0 ? "error" : "note"} ${m.code} at ${m.pointer}: ${m.message}`);
  return i.numErrors;
}

(async () => {
  let errors = 0;
  for (const f of process.argv.slice(2)) errors += await validate(f);
  process.exit(errors ? 1 : 0);
})().catch((e) => {
  console.error(String(e));
  process.exit(1);
});
