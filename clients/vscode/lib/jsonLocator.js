'use strict';
// JSON text → a tree of values with their offsets, and JSON Pointer → text range.
//
// Diagnostics from chartd carry JSON Pointers into the request; the editor shows them at the
// pointed-to value of the document text. JSON.parse gives no offsets (and, in current V8, often no
// error position), hence this small parser.

/** A syntax error at `offset` in the text. */
class JsonSyntaxError extends Error {
  constructor(message, offset) {
    super(message);
    this.name = 'JsonSyntaxError';
    this.offset = offset;
  }
}

/**
 * Parses `text`; returns the root node. Nodes: `{type, start, end, value?}` with
 * `type` 'object' (`members: [{key, keyStart, keyEnd, value}]`), 'array' (`items`), 'string',
 * 'number', 'boolean', 'null'. Throws JsonSyntaxError.
 */
function parseTree(text) {
  let i = 0;
  const fail = (message, at = i) => {
    throw new JsonSyntaxError(message, Math.min(at, text.length));
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (c) => {
    if (text[i] !== c) fail(text[i] === undefined ? `expected '${c}' but the text ended` : `expected '${c}', found '${text[i]}'`);
    i++;
  };
  const string = () => {
    const start = i;
    expect('"');
    let out = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('unterminated string', start);
      if (c === '"') break;
      if (c < ' ') fail('control character in a string');
      if (c === '\\') {
        const e = text[i + 1];
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail('invalid escape sequence');
        }
        continue;
      }
      out += c;
      i++;
    }
    i++;
    return { type: 'string', start, end: i, value: out };
  };
  const value = (depth) => {
    if (depth > 512) fail('nesting deeper than 512 levels');
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members = [];
      space();
      if (text[i] === '}') {
        i++;
        return { type: 'object', start, end: i, members };
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail(text[i] === undefined ? 'unterminated object' : 'expected a property name in double quotes');
        const key = string();
        space();
        expect(':');
        const v = value(depth + 1);
        members.push({ key: key.value, keyStart: key.start, keyEnd: key.end, value: v });
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { type: 'object', start, end: i, members };
        }
        fail(text[i] === undefined ? 'unterminated object' : "expected ',' or '}' after a property value");
      }
    }
    if (c === '[') {
      i++;
      const items = [];
      space();
      if (text[i] === ']') {
        i++;
        return { type: 'array', start, end: i, items };
      }
      for (;;) {
        items.push(value(depth + 1));
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { type: 'array', start, end: i, items };
        }
        fail(text[i] === undefined ? 'unterminated array' : "expected ',' or ']' after an array element");
      }
    }
    if (c === '"') return string();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0]) {
      i += m[0].length;
      return { type: 'number', start, end: i, value: Number(m[0]) };
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { type: v === null ? 'null' : 'boolean', start, end: i, value: v };
      }
    }
    fail(c === undefined ? 'expected a value but the text ended' : `unexpected '${c}'`);
    return null;
  };
  const root = value(0);
  space();
  if (i < text.length) fail('unexpected text after the JSON value');
  return root;
}

/** RFC 6901 pointer → tokens; null when malformed. */
function pointerTokens(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || pointer[0] !== '/') return null;
  const tokens = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~[^01]|~$/.test(raw)) return null;
    tokens.push(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return tokens;
}

/** The child of an object or array node named by one pointer token, or null. */
function child(node, token) {
  if (node.type === 'object') {
    // Duplicate keys: the last one wins, as in chartd and JSON.parse.
    let found = null;
    for (const m of node.members) if (m.key === token) found = m;
    return found;
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(token)) {
    const item = node.items[Number(token)];
    return item ? { value: item } : null;
  }
  return null;
}

/**
 * The text range of the value a pointer names: `{start, end, exact}`. When the pointer goes past
 * what exists, the deepest existing value is returned with `exact: false`.
 */
function locate(root, pointer) {
  const tokens = pointerTokens(pointer);
  if (!tokens) return { start: root.start, end: root.end, exact: false };
  let node = root;
  for (const token of tokens) {
    const next = child(node, token);
    if (!next) return { start: node.start, end: node.end, exact: false };
    node = next.value;
  }
  return { start: node.start, end: node.end, exact: true };
}

/** The range of the property name a pointer ends with (for "unknown property" warnings), else null. */
function locateKey(root, pointer) {
  const tokens = pointerTokens(pointer);
  if (!tokens || !tokens.length) return null;
  let node = root;
  for (const token of tokens.slice(0, -1)) {
    const next = child(node, token);
    if (!next) return null;
    node = next.value;
  }
  if (node.type !== 'object') return null;
  const member = child(node, tokens[tokens.length - 1]);
  return member ? { start: member.keyStart, end: member.keyEnd } : null;
}

/**
 * Maps a diagnostic path (a pointer into the request's params) to a pointer into the spec text:
 * `/spec/...` (chart/open) and `/edits/N/spec/...` (a setSpec edit) lose their prefix; other paths
 * do not point into the document (null).
 */
function specPointer(path) {
  if (path === '/spec' || path === '') return '';
  let m = /^\/spec(\/.*)$/.exec(path);
  if (m) return m[1];
  m = /^\/edits\/\d+\/spec(\/.*)?$/.exec(path);
  if (m) return m[1] ?? '';
  return null;
}

module.exports = { parseTree, locate, locateKey, pointerTokens, specPointer, JsonSyntaxError };
