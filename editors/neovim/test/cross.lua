-- Across files, in a real, headless Neovim. Run by cross_test.go as
--   nvim --headless -u NONE -i NONE --cmd 'set rtp^=PLUGIN' -c 'luafile test/cross.lua'
-- with MDSCHECK_BIN (the server program), MDSCHECK_E2E_FILE (a file of
-- workloads in a repository whose Kafka is in another file),
-- MDSCHECK_E2E_NAME_LINE and MDSCHECK_E2E_NAME_COL (where the workload
-- names the Kafka's Secret) and MDSCHECK_E2E_OUT (where the results go).
-- It opens the workloads, waits for the diagnostic that only the other
-- file explains, and goes to the definition of the Secret's name, as a
-- user would with `gd` mapped to vim.lsp.buf.definition().

local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }
local TIMEOUT = 15000

vim.notify = function(msg, level)
  table.insert(results.log, ("notify[%s]: %s"):format(tostring(level), msg))
end

local function wait(what, cond)
  if not vim.wait(TIMEOUT, cond, 20) then
    error(("timed out after %d ms waiting for %s"):format(TIMEOUT, what))
  end
end

local function diagnostics(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(list, {
      line = d.lnum,
      col = d.col,
      code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code),
      severity = d.severity,
      message = d.message,
    })
  end
  table.sort(list, function(a, b)
    return a.line < b.line or (a.line == b.line and a.col < b.col)
  end)
  return list
end

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
