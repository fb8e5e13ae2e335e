-- The plugin with a server program that is not there: run by e2e_test.go
-- like e2e.lua. Records the messages shown, the clients started and
-- :checkhealth.
local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }

vim.notify = function(msg, level)
  table.insert(results.log, ("notify[%s]: %s"):format(tostring(level), msg))
end

run(results, function()
  vim.cmd("filetype on")
  local mdscheck = require("mdscheck")
  mdscheck.setup({ cmd = { assert(os.getenv("MDSCHECK_BIN")), "lsp" } })
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_FILE"))))
  vim.cmd("split | enew | set filetype=yaml") -- a second YAML buffer: no second message
  vim.wait(5000, function()
    return #results.log > 0
  end, 20)
  vim.wait(200) -- a second message, if there were one, would come now
  results.clients = #mdscheck.clients()
  -- :checkhealth mdscheck tells the same install story as the message.
  vim.cmd("checkhealth mdscheck")
  results.health = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end)
