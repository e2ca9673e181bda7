-- chartd as the language server of *.chart.json files in Neovim (0.7+, built-in LSP client).
--
--   require("chartd").setup()                      -- chartd on PATH (or $CHARTD)
--   require("chartd").setup({ cmd = { "/path/to/chartd" } })
--
-- Gives diagnostics, completion (<C-x><C-o>), hover (vim.lsp.buf.hover), symbols and quick fixes
-- (vim.lsp.buf.code_action). Works with vim.lsp.start_client, which 0.7 has (vim.lsp.start is 0.8+).
local M = {}

function M.setup(opts)
  opts = opts or {}
  M.cmd = opts.cmd or { vim.env.CHARTD ~= nil and vim.env.CHARTD ~= "" and vim.env.CHARTD or "chartd" }
  -- An autocommand rather than vim.filetype.add: 0.7 reads those only with g:do_filetype_lua set.
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    pattern = "*.chart.json",
    callback = function(args) vim.bo[args.buf].filetype = "chart-json" end,
  })
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "chart-json",
    callback = function(args) M.attach(args.buf) end,
  })
end

-- Starts chartd once and attaches it to `bufnr`.
function M.attach(bufnr)
  if not M.client_id or vim.lsp.client_is_stopped(M.client_id) then
    M.client_id = vim.lsp.start_client({ name = "chartd", cmd = M.cmd, root_dir = vim.fn.getcwd() })
  end
  vim.lsp.buf_attach_client(bufnr, M.client_id)
  vim.api.nvim_buf_set_option(bufnr, "omnifunc", "v:lua.vim.lsp.omnifunc")
end

return M
