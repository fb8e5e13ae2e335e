-- :checkhealth mdscheck: is the server program there, and does it run?
local M = {}

-- vim.health's names changed over the versions; 0.7 has require("health").
local h = vim.health or require("health")
local start = h.start or h.report_start
local ok = h.ok or h.report_ok
local warn = h.warn or h.report_warn
local err = h.error or h.report_error

function M.check()
  start("mdscheck")
  local mdscheck = require("mdscheck")
  if vim.fn.has("nvim-0.7") ~= 1 then
    err("Neovim 0.7 or later is needed")
  end
  local opts = mdscheck.options
  if opts == nil then
    warn('require("mdscheck").setup{} has not been called')
    opts = mdscheck.defaults
  end
  local prog = opts.cmd[1]
  if vim.fn.executable(prog) ~= 1 then
    err(("cannot run %q"):format(prog), {
      "git clone https://github.com/mdscheck/mdscheck && cd mdscheck && go install ./cmd/mdscheck",
      'or: require("mdscheck").setup{ cmd = { "/path/to/mdscheck", "lsp" } }',
    })
    return
  end
  local out = vim.fn.system({ prog, "version" })
  if vim.v.shell_error ~= 0 then
    err(("%q version failed: %s"):format(prog, out))
    return
  end
  ok(("%s (%s)"):format(vim.trim(out), vim.fn.exepath(prog)))
  local n = #mdscheck.clients()
  ok(("%d client%s running"):format(n, n == 1 and "" or "s"))
end

return M
