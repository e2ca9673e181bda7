'use strict';
// Copies the Node client and the browser patcher into vendor/, and the JSON Schemas into schema/ (for
// `jsonValidation`), so the packaged extension is self-contained (run by `vscode:prepublish`; in a
// checkout the sibling folders are used directly).
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const vendor = path.join(root, 'vendor');
fs.rmSync(vendor, { recursive: true, force: true });
fs.mkdirSync(path.join(vendor, 'node'), { recursive: true });
for (const name of ['index.js', 'package.json']) fs.copyFileSync(path.join(root, '..', 'node', name), path.join(vendor, 'node', name));
fs.cpSync(path.join(root, '..', 'node', 'src'), path.join(vendor, 'node', 'src'), { recursive: true });
fs.copyFileSync(path.join(root, '..', 'web', 'chartd-patch.js'), path.join(vendor, 'chartd-patch.js'));
const schema = path.join(root, 'schema');
fs.rmSync(schema, { recursive: true, force: true });
fs.cpSync(path.join(root, '..', '..', 'protocol', 'schema'), schema, { recursive: true });
console.log('vendored the Node client and chartd-patch.js into', vendor, 'and the JSON Schemas into', schema);
