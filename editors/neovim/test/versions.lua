-- The code paths for Neovim 0.8-0.10 (vim.lsp.start) and 0.11+
-- (vim.lsp.config, vim.lsp.enable), run on the installed Neovim with those
-- functions stubbed: Debian ships 0.7 only, and nothing newer can be
-- installed here. It records what the plugin hands Neovim; e2e_test.go
-- judges it. MDSCHECK_E2E_FILE is a manifest in a directory with a .git
-- directory above it.
local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }
vim.notify = function(msg, level)
  table.insert(results.log, ("notify[%s]: %s"):format(tostring(level), msg))
end

local function plain(config)
  return {
    name = config.name,
    cmd = config.cmd,
    settings = config.settings,
    init_options = config.init_options,
    root_dir = config.root_dir or vim.NIL,
    filetypes = config.filetypes or vim.NIL,
    root_markers = config.root_markers or vim.NIL,
    has_on_init = type(config.on_init) == "function",
  }
end

local function fresh()
  package.loaded["mdscheck"] = nil
  return require("mdscheck")
end

run(results, function()
  vim.cmd("filetype on")
  local bin = assert(os.getenv("MDSCHECK_BIN"))

  -- 0.8-0.10: vim.lsp.start from the FileType autocommand, per buffer.
  local started = {}
  vim.lsp.start = function(config, opts)
    table.insert(started, { config = plain(config), bufnr = opts and opts.bufnr or vim.NIL })
    return 7
  end
  fresh().setup({ cmd = { bin, "lsp" }, settings = { mdscheck = { unknownFields = "off" } } })
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_FILE"))))
  results.start_buf = vim.api.nvim_get_current_buf()
  vim.cmd("enew | setlocal filetype=json") -- not YAML: no start
  results.start = started
  vim.lsp.start = nil
  vim.api.nvim_del_augroup_by_name("mdscheck")

  -- 0.11+: vim.lsp.config and vim.lsp.enable, no autocommand of ours.
  local configured, enabled = {}, {}
  vim.lsp.config = function(name, config)
    table.insert(configured, { name = name, config = plain(config) })
  end
  vim.lsp.enable = function(name)
    table.insert(enabled, name)
  end
  fresh().setup({ cmd = bin, settings = { unknownFields = "warning" }, filetypes = { "yaml", "yaml.helm" } })
  results.configured = configured
  results.enabled = enabled
  local has_group, autocmds = pcall(vim.api.nvim_get_autocmds, { group = "mdscheck" })
  results.autocommands = has_group and #autocmds or 0
end)
