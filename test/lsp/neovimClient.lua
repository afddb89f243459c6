-- Drives Neovim's built-in LSP client against `warrant lsp --stdio`, headless: attaches to
-- the buffer Neovim was started with, waits for diagnostics, asks for a hover, a rename
-- (applied to the buffer) and formatting (applied), and writes what it saw as JSON to
-- $WARRANT_NVIM_OUT. Written for Neovim 0.7 and later (vim.lsp.start_client).
local out = {}
local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
local root = os.getenv('WARRANT_NVIM_ROOT') or vim.fn.fnamemodify(file, ':h')
local uri = vim.uri_from_bufnr(buf)
-- Whether the server has published for this buffer yet (an empty list counts).
local published = false
local client_id = vim.lsp.start_client({
  name = 'warrant',
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      if result and result.uri == uri then published = true end
      return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
    end,
  },
  cmd = { os.getenv('WARRANT_NODE') or 'node', os.getenv('WARRANT_BIN'), 'lsp', '--stdio' },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = 'root' } },
})
vim.lsp.buf_attach_client(buf, client_id)

local function finish()
  local f = io.open(os.getenv('WARRANT_NVIM_OUT'), 'w')
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd('qa!')
end

out.attached = vim.wait(10000, function() return vim.lsp.buf_is_attached(buf, client_id) end, 20)
out.published = vim.wait(15000, function() return published end, 20)
out.got_diagnostics = #vim.diagnostic.get(buf) > 0
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out.diagnostics, { code = d.code, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity })
end

local line = tonumber(os.getenv('WARRANT_NVIM_LINE') or '0')
local col = tonumber(os.getenv('WARRANT_NVIM_COL') or '0')
local position = { textDocument = { uri = uri }, position = { line = line, character = col } }

local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', position, 10000)
for _, r in pairs(hover or {}) do
  if r.result and r.result.contents then out.hover = r.result.contents.value end
end

local new_name = os.getenv('WARRANT_NVIM_RENAME')
if new_name then
  local params = vim.tbl_extend('force', position, { newName = new_name })
  local renamed = vim.lsp.buf_request_sync(buf, 'textDocument/rename', params, 10000)
  for _, r in pairs(renamed or {}) do
    if r.result then
      out.rename_files = vim.tbl_count(r.result.changes or {})
      vim.lsp.util.apply_workspace_edit(r.result, 'utf-16')
    end
    if r.err then out.rename_error = r.err.message end
  end
end

if os.getenv('WARRANT_NVIM_FORMAT') then
  local formatted = vim.lsp.buf_request_sync(buf, 'textDocument/formatting', { textDocument = { uri = vim.uri_from_bufnr(buf) }, options = { tabSize = 2, insertSpaces = true } }, 10000)
  for _, r in pairs(formatted or {}) do
    if r.result then vim.lsp.util.apply_text_edits(r.result, buf, 'utf-16') end
  end
end

out.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
finish()
