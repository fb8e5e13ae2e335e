-- Across files, in a real, headless Neovim. Run by cross_test.go as
--   nvim --headless -u NONE -i NONE --cmd 'set rtp^=PLUGIN' -c 'luafile test/cross.lua'
-- with MDSCHECK_BIN (the server program), MDSCHECK_E2E_FILE (a file of
-- workloads in a repository whose Kafka is in another file),
-- MDSCHECK_E2E_NAME_LINE and MDSCHECK_E2E_NAME_COL (where the workload
-- names the Kafka's Secret) and MDSCHECK_E2E_OUT (where the results go).
-- It opens the workloads, waits for the diagnostic that only the other
-- file explains, and goes to the definition of the Secret's name, as a
-- user would with `gd` mapped to vim.lsp.buf.definition().

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local run = dofile(here .. "/run.lua")
local editor = dofile(here .. "/editor.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }
local wait, diagnostics = editor.wait, editor.diagnostics
editor.capture_notify(results)

local function main()
  vim.cmd("filetype on")
  local mdscheck = require("mdscheck")
  mdscheck.setup({ cmd = { assert(os.getenv("MDSCHECK_BIN")), "lsp" } })

  -- 1. The workloads: the server reads the workspace in the background,
  -- and the key the Kafka does not write is reported.
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_FILE"))))
  local buf = vim.api.nvim_get_current_buf()
  wait("the client to attach", function()
    return #mdscheck.clients() > 0
  end)
  wait("the secret-key diagnostic", function()
    for _, d in ipairs(diagnostics(buf)) do
      if d.code == "secret-key" then
        return true
      end
    end
    return false
  end)
  results.diagnostics = diagnostics(buf)

  -- 2. Go to the definition of the Secret's name: another file opens, at
  -- the Kafka that writes it.
  local line = tonumber(os.getenv("MDSCHECK_E2E_NAME_LINE"))
  local col = tonumber(os.getenv("MDSCHECK_E2E_NAME_COL"))
  vim.api.nvim_win_set_cursor(0, { line + 1, col })
  vim.lsp.buf.definition()
  wait("the definition to open another file", function()
    return vim.api.nvim_get_current_buf() ~= buf
  end)
  results.definition_file = vim.api.nvim_buf_get_name(0)
  local cursor = vim.api.nvim_win_get_cursor(0)
  results.definition_line = cursor[1] - 1
  results.definition_col = cursor[2]
  results.definition_text = vim.api.nvim_get_current_line()
end

run(results, main, function()
  for _, c in ipairs(require("mdscheck").clients()) do
    c.stop()
  end
end)
