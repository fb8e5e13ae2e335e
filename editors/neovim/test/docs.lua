-- Runs every Lua block of the Neovim section of docs/editors.md, as a user
-- would paste it into init.lua, and records what each hands Neovim. Only
-- Neovim 0.7 can be installed here and nvim-lspconfig not at all, so
-- vim.lsp.config and vim.lsp.enable (0.11) are stubbed, and nvim-lspconfig
-- is a stand-in with its documented interface: configs.NAME =
-- { default_config = ... }, util.root_pattern(...), lspconfig.NAME.setup().
-- Run by e2e_test.go with MDSCHECK_E2E_BLOCKS, a JSON list of files (one
-- block each); the Go test compares what they did with lsp/mdscheck.lua,
-- whose table this script also reads.
local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { blocks = {} }

-- root_pattern's markers, by the function it returned.
local markers_of = setmetatable({}, { __mode = "k" })

local function plain(config)
  local root_dir = config.root_dir
  if type(root_dir) == "function" then
    root_dir = { markers = markers_of[root_dir] or vim.NIL }
  end
  return {
    cmd = config.cmd or vim.NIL,
    filetypes = config.filetypes or vim.NIL,
    root_markers = config.root_markers or vim.NIL,
    root_dir = root_dir or vim.NIL,
    settings = config.settings or vim.NIL,
    single_file_support = config.single_file_support or vim.NIL,
  }
end

-- Fresh stubs for each block, which record into block.
local function stub(block)
  vim.lsp.config = function(name, config)
    table.insert(block.configured, { name = name, config = plain(config) })
  end
  vim.lsp.enable = function(name)
    table.insert(block.enabled, name)
  end
  package.loaded["lspconfig.util"] = {
    root_pattern = function(...)
      local f = function() end
      markers_of[f] = { ... }
      return f
    end,
  }
  local configs = setmetatable({}, {
    __newindex = function(t, name, def)
      rawset(t, name, def)
      table.insert(block.lspconfig, { name = name, default_config = plain(def.default_config) })
      def.setup = function(user)
        table.insert(block.setup, { name = name, user = user or vim.NIL })
      end
    end,
  })
  package.loaded["lspconfig.configs"] = configs
  package.loaded["lspconfig"] = setmetatable({}, {
    __index = function(_, name)
      return rawget(configs, name)
    end,
  })
end

run(results, function()
  local file = vim.api.nvim_get_runtime_file("lsp/mdscheck.lua", false)[1]
  results.file = plain(dofile(assert(file, "lsp/mdscheck.lua is not on the runtimepath")))

  for _, path in ipairs(vim.fn.json_decode(assert(os.getenv("MDSCHECK_E2E_BLOCKS")))) do
    local block = { path = path, configured = {}, enabled = {}, lspconfig = {}, setup = {} }
    table.insert(results.blocks, block)
    stub(block)
    local text = table.concat(vim.fn.readfile(path), "\n")
    -- A block is statements (init.lua) or one table (a lazy.nvim spec).
    local chunk, syntax = loadstring(text, path)
    if chunk == nil then
      chunk, syntax = loadstring("return " .. text, path)
    end
    if chunk == nil then
      block.error = syntax
    else
      local ran, value = pcall(chunk)
      if not ran then
        block.error = tostring(value)
      elseif type(value) == "table" then
        block.spec = { dir = value.dir or vim.NIL, config = type(value.config) }
      end
    end
  end
end)
