-- Headless Neovim (0.7+) as the LSP client of chartd: diagnostics, completion, hover, a quick fix
-- and incremental sync, the way an editor session meets them. Run by run.sh; quits with status 1
-- when a check fails and prints "N passed, M failed".
local root = os.getenv("CHARTD_NVIM_ROOT")
package.path = root .. "/lua/?.lua;" .. package.path
local chartd = require("chartd")
chartd.setup({ cmd = { os.getenv("CHARTD") } })

local passed, failed = 0, 0
local function out(line) io.stdout:write(line .. "\n") end
local function check(ok, name, detail)
  if ok then
    passed = passed + 1
    out("ok - " .. name)
  else
    failed = failed + 1
    out("not ok - " .. name .. (detail and (": " .. detail) or ""))
  end
end
local function finish()
  out(passed .. " passed, " .. failed .. " failed")
  io.stdout:flush()
  vim.cmd(failed > 0 and "cquit 1" or "qa!")
end

local lines = {
  "{",
  '  "kind": "bar",',
  '  "title": "売上 😀", "widht": 640,',
  '  "legend": {"form": "sqare"},',
  '  "dataSets": [',
  '    {"id": "north", "label": "北", "colour": "red", "entries": [1, 2, 3]},',
  '    {"id": "south", "entries": [3, 2, 1]}',
  "  ],",
  '  "highlights": [{"dataSet": "north", "index": 1}]',
  "}",
}
local path = vim.fn.tempname() .. ".chart.json"
vim.fn.writefile(lines, path)
vim.cmd("edit " .. vim.fn.fnameescape(path))
local buf = vim.api.nvim_get_current_buf()
check(vim.bo[buf].filetype == "chart-json", "*.chart.json has the chart-json file type", vim.bo[buf].filetype)

-- Diagnostics: three, each at the byte column of its key or value (Neovim converts chartd's UTF-16
-- columns to bytes, so the CJK title before 'widht' tests the conversion end to end).
local got = vim.wait(10000, function() return #vim.diagnostic.get(buf) >= 3 end, 20)
check(got, "diagnostics arrive after opening the file")
local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
local function byte_col(lnum, needle) return (string.find(lines[lnum + 1], needle, 1, true) or 0) - 1 end
local expected = {
  { lnum = 2, col = byte_col(2, '"widht"'), end_col = byte_col(2, '"widht"') + 7, severity = vim.diagnostic.severity.WARN, code = "unknown-property" },
  { lnum = 3, col = byte_col(3, '"sqare"'), end_col = byte_col(3, '"sqare"') + 7, severity = vim.diagnostic.severity.ERROR, code = "unknown-value" },
  { lnum = 5, col = byte_col(5, '"colour"'), end_col = byte_col(5, '"colour"') + 8, severity = vim.diagnostic.severity.WARN, code = "unknown-property" },
}
check(#diags == #expected, "three diagnostics", tostring(#diags))
for i, e in ipairs(expected) do
  local d = diags[i] or {}
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  check(d.lnum == e.lnum and d.col == e.col and d.end_col == e.end_col,
    ("diagnostic %d at line %d, byte columns %d-%d"):format(i, e.lnum, e.col, e.end_col),
    ("got line %s, columns %s-%s"):format(tostring(d.lnum), tostring(d.col), tostring(d.end_col)))
  check(d.severity == e.severity and code == e.code and d.source == "chartd",
    ("diagnostic %d is %s from chartd"):format(i, e.code), vim.inspect({ d.severity, code, d.source }))
end
check(diags[1] and diags[1].message:find("did you mean 'width'", 1, true) ~= nil, "unknown property suggests the closest name")

local function request(method, params)
  params.textDocument = { uri = vim.uri_from_bufnr(buf) }
  local replies = vim.lsp.buf_request_sync(buf, method, params, 5000) or {}
  for _, r in pairs(replies) do return r.result end
end
local function labels(items)
  local out_labels = {}
  for _, item in ipairs((items and items.items) or items or {}) do out_labels[item.label] = true end
  return out_labels
end

-- Completion: values of "kind" (cursor inside "bar"), keys of a data set (cursor after its "{").
local kinds = labels(request("textDocument/completion", { position = { line = 1, character = 12 } }))
check(kinds.candlestick and kinds.pie and kinds.combined, "completion of kind offers the chart kinds")
local keys = labels(request("textDocument/completion", { position = { line = 6, character = 5 } }))
check(keys.color and keys.axis and keys.line and not keys.id and not keys.entries,
  "completion in a data set offers its missing keys only")
-- Snippets only if this Neovim says it expands them (0.7 does not): else the plain text they stand for.
local expands = vim.lsp.protocol.make_client_capabilities().textDocument.completion.completionItem.snippetSupport == true
local color
for _, item in ipairs(request("textDocument/completion", { position = { line = 6, character = 5 } }) or {}) do
  if item.label == "color" then color = item end
end
local inserted = color and color.textEdit and color.textEdit.newText or ""
check(color ~= nil and (color.insertTextFormat == 2) == expands
    and (expands or (inserted:find("${", 1, true) == nil and inserted:find('"color": "', 1, true) == 1)),
  "completion sends a snippet only to a client that expands snippets", vim.inspect({ expands, color and color.insertTextFormat, inserted }))
local ids = labels(request("textDocument/completion", { position = { line = 8, character = 30 } }))
check(ids.north and ids.south, "completion of a highlight's dataSet offers the data set ids")

-- Hover on the "kind" key.
local hover = request("textDocument/hover", { position = { line = 1, character = 4 } })
local text = hover and hover.contents and (hover.contents.value or hover.contents) or ""
check(type(text) == "string" and text:find("Chart kind", 1, true) ~= nil, "hover describes the property", vim.inspect(hover))

-- A quick fix for 'sqare'.
local actions = request("textDocument/codeAction", {
  range = { start = { line = 3, character = 22 }, ["end"] = { line = 3, character = 22 } },
  context = { diagnostics = {} },
}) or {}
check(actions[1] and actions[1].title == "Use 'square'", "a quick fix replaces the unknown value", vim.inspect(actions[1] and actions[1].title))

-- Fix 'widht' in the buffer: Neovim sends an incremental change; its diagnostic goes away.
local s = byte_col(2, '"widht"')
vim.api.nvim_buf_set_text(buf, 2, s + 1, 2, s + 6, { "width" })
got = vim.wait(10000, function() return #vim.diagnostic.get(buf) == 2 end, 20)
check(got, "fixing a key in the buffer clears its diagnostic", tostring(#vim.diagnostic.get(buf)))
-- Format the buffer with Neovim's own formatting command: it converts chartd's UTF-16 columns to
-- bytes (the edit after "売上 😀" tests that) and applies the edits; only whitespace changes.
vim.bo[buf].expandtab = true
vim.bo[buf].shiftwidth = 2
vim.bo[buf].tabstop = 8
if vim.lsp.buf.format then vim.lsp.buf.format({ async = false }) else vim.lsp.buf.formatting_sync(nil, 5000) end
local want = vim.deepcopy(lines)
want[3] = '  "title": "売上 😀",'
table.insert(want, 4, '  "width": 640,')
local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
check(vim.deep_equal(now, want), "formatting splits the line after the emoji and keeps the rest", vim.inspect(now))
-- Back to the unformatted lines the checks below count in.
vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
vim.api.nvim_buf_set_text(buf, 2, s + 1, 2, s + 6, { "width" })
got = vim.wait(10000, function() return #vim.diagnostic.get(buf) == 2 end, 20)
-- Rename the data set "north" from its id: Neovim applies the workspace edit to the id and the
-- highlight that names it.
vim.api.nvim_win_set_cursor(0, { 6, byte_col(5, '"north"') + 2 })
vim.lsp.buf.rename("nord")
got = vim.wait(10000, function()
  local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  return now[6]:find('"id": "nord"', 1, true) ~= nil and now[9]:find('"dataSet": "nord"', 1, true) ~= nil
end, 20)
check(got, "rename of a data set id reaches the highlight naming it", vim.inspect(vim.api.nvim_buf_get_lines(buf, 5, 9, false)))
vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
vim.api.nvim_buf_set_text(buf, 2, s + 1, 2, s + 6, { "width" })
got = vim.wait(10000, function() return #vim.diagnostic.get(buf) == 2 end, 20)
-- Break the JSON: one syntax error replaces them all.
vim.api.nvim_buf_set_text(buf, 9, 0, 9, 1, { "" })
got = vim.wait(10000, function()
  local d = vim.diagnostic.get(buf)
  return #d == 1 and (d[1].code == "json-syntax" or (d[1].user_data and d[1].user_data.lsp.code == "json-syntax"))
end, 20)
check(got, "a syntax error is published as one json-syntax diagnostic")

os.remove(path)
finish()
