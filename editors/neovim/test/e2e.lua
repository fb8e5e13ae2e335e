-- End-to-end test of the plugin in a real, headless Neovim. Run by
-- e2e_test.go as
--   nvim --headless -u NONE -i NONE --cmd 'set rtp^=PLUGIN' -c 'luafile test/e2e.lua'
-- with MDSCHECK_BIN (the server program), MDSCHECK_E2E_FILE (a manifest
-- with mistakes) and MDSCHECK_E2E_OUT (where to write the results as JSON).
-- It records what a user would see; the Go test judges it.

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local run = dofile(here .. "/run.lua")
local editor = dofile(here .. "/editor.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }
local wait, diagnostics = editor.wait, editor.diagnostics
local request, position, markdown = editor.request, editor.position, editor.markdown
editor.capture_notify(results)

local function has_code(buf, code, severity)
  for _, d in ipairs(diagnostics(buf)) do
    if d.code == code and (severity == nil or d.severity == severity) then
      return true
    end
  end
  return false
end

-- The uris the server published diagnostics for, and how many each time.
local published = {}
local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  if result then
    published[result.uri] = #result.diagnostics
  end
  return publish(err, result, ctx, config)
end

-- Milliseconds since start, for the timings the Go test logs (never asserts).
local clock = vim.loop.hrtime
local function since(t0)
  return math.floor((clock() - t0) / 1e5) / 10
end
results.ms = {}

local function main()
  vim.cmd("filetype on")
  local mdscheck = require("mdscheck")
  mdscheck.setup({ cmd = { assert(os.getenv("MDSCHECK_BIN")), "lsp" }, settings = { unknownFields = "error" } })

  -- 1. Open the manifest: the server starts and reports its mistakes.
  local t0 = clock()
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_FILE"))))
  local buf = vim.api.nvim_get_current_buf()
  results.filetype = vim.bo[buf].filetype
  wait("the client to attach", function()
    return #mdscheck.clients() > 0
  end)
  results.clients = #mdscheck.clients()
  wait("diagnostics", function()
    return has_code(buf, "unknown-field") and has_code(buf, "type")
  end)
  results.diagnostics = diagnostics(buf)
  results.ms.open_to_diagnostics = since(t0)

  -- 2. Hover on a member.
  t0 = clock()
  local hover = request(buf, "textDocument/hover", position(buf, results.hover_line, 3))
  results.ms.hover = since(t0)
  results.hover = hover and markdown(hover.contents) or vim.NIL

  -- 3. Hover on kind: the connection Secret.
  local kind = request(buf, "textDocument/hover", position(buf, results.kind_line, 1))
  results.hover_kind = kind and markdown(kind.contents) or vim.NIL

  -- 4. Outline.
  local symbols = request(buf, "textDocument/documentSymbol", { textDocument = { uri = vim.uri_from_bufnr(buf) } }) or {}
  results.symbols = {}
  for _, s in ipairs(symbols) do
    table.insert(results.symbols, s.name)
  end

  -- 5. Settings: unknown fields as warnings, then back.
  t0 = clock()
  mdscheck.update_settings({ unknownFields = "warning" })
  wait("unknown-field as a warning", function()
    return has_code(buf, "unknown-field", vim.diagnostic.severity.WARN)
  end)
  results.ms.settings_to_diagnostics = since(t0)
  results.after_settings = diagnostics(buf)
  mdscheck.update_settings({ unknownFields = "error" })
  wait("unknown-field as an error again", function()
    return has_code(buf, "unknown-field", vim.diagnostic.severity.ERROR)
  end)

  -- 6. Quick fix: the cursor on the misspelt member, the code action menu,
  -- the first fix picked (vim.ui.select is the menu).
  local fix_line = results.fix_line
  vim.api.nvim_win_set_cursor(0, { fix_line + 1, 4 })
  results.actions = {}
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      local action = item[2] or item.action or item
      table.insert(results.actions, action.title)
    end
    on_choice(items[1], 1)
  end
  local before = vim.api.nvim_buf_get_lines(buf, fix_line, fix_line + 1, false)[1]
  t0 = clock()
  vim.lsp.buf.code_action()
  wait("the quick fix to change the buffer", function()
    return vim.api.nvim_buf_get_lines(buf, fix_line, fix_line + 1, false)[1] ~= before
  end)
  results.ms.code_action_applied = since(t0)
  vim.ui.select = select
  results.fixed_line = vim.api.nvim_buf_get_lines(buf, fix_line, fix_line + 1, false)[1]
  wait("the unknown-field diagnostic to go", function()
    return not has_code(buf, "unknown-field")
  end)
  results.ms.fix_to_diagnostics = since(t0)
  results.after_fix = diagnostics(buf)

  -- 7. Completion while typing a new member under spec.
  local at = results.complete_line
  vim.api.nvim_buf_set_lines(buf, at, at, false, { "  maint" })
  t0 = clock()
  local items = request(buf, "textDocument/completion", position(buf, at, 7)) or {}
  results.ms.completion = since(t0)
  items = items.items or items
  results.completion = {}
  for _, item in ipairs(items) do
    table.insert(results.completion, item.label)
  end

  -- 8. A file with no manifest of ours: published, and empty.
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_OTHER"))))
  local other = vim.api.nvim_get_current_buf()
  wait("diagnostics of the other file", function()
    return published[vim.uri_from_bufnr(other)] ~= nil
  end)
  results.other_published = published[vim.uri_from_bufnr(other)]
  results.other_diagnostics = #vim.diagnostic.get(other)
  results.clients_after_other = #mdscheck.clients()

  -- 9. :checkhealth mdscheck names the program and the running client.
  vim.cmd("checkhealth mdscheck")
  results.health = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end

-- Positions come from the Go test, so that both sides agree on them.
for _, k in ipairs({ "hover_line", "kind_line", "fix_line", "complete_line" }) do
  results[k] = tonumber(os.getenv("MDSCHECK_E2E_" .. k:upper()))
end

run(results, main, function()
  for _, c in ipairs(require("mdscheck").clients()) do
    c.stop()
  end
end)
