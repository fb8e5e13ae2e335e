-- mdscheck for Neovim: starts `mdscheck lsp` for YAML buffers with the
-- built-in LSP client. See :help mdscheck.
--
-- One plugin for every Neovim from 0.7 (Debian 12 ships it) on:
--   0.11+     vim.lsp.config + vim.lsp.enable (Neovim attaches the buffers);
--   0.8-0.10  vim.lsp.start from a FileType autocommand (it reuses a client
--             per root directory);
--   0.7       vim.lsp.start_client once per root directory, then
--             vim.lsp.buf_attach_client.

local M = {}

--- The defaults; setup() merges the user's options over a copy.
M.defaults = {
  -- The server program and its arguments.
  cmd = { "mdscheck", "lsp" },
  -- Buffers of these filetypes get the server; it answers only for
  -- documents of apiVersion example.io/v1alpha1 and ignores the others.
  filetypes = { "yaml" },
  -- A buffer's root directory is the nearest ancestor that holds one of
  -- these; its own directory when there is none.
  root_markers = { ".git" },
  -- Server settings: { unknownFields = "warning", enable = true }. Sent
  -- as initializationOptions, with workspace/didChangeConfiguration and in
  -- answer to workspace/configuration (section "mdscheck").
  settings = {},
  -- Passed to the client as they are.
  on_attach = nil,
  capabilities = nil,
}

--- The client's name; :LspInfo and vim.lsp.get_clients show it.
M.name = "mdscheck"

--- The options in force after setup().
M.options = nil

local augroup = "mdscheck"

--- The "mdscheck" section of the settings. Users may write the section's
--- members ({ unknownFields = ... }) or the section itself ({ mdscheck = {...} }).
local function section(settings)
  if type(settings) ~= "table" then
    return {}
  end
  if type(settings.mdscheck) == "table" then
    return settings.mdscheck
  end
  return settings
end

--- Sends a notification to the server: client:notify() from 0.11 on, where
--- the old client.notify() form is deprecated.
local function send(client, method, params)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

local function notify(msg, level)
  vim.schedule(function()
    vim.notify("mdscheck: " .. msg, level or vim.log.levels.WARN)
  end)
end

--- The root directory of a buffer: the nearest ancestor with a marker, or
--- the file's directory (the current directory for a buffer with no file).
local function root_dir(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return vim.fn.getcwd()
  end
  local dir = vim.fn.fnamemodify(name, ":p:h")
  for _, marker in ipairs(markers) do
    -- finddir/findfile search upwards with ";" and work on every version.
    -- ":p" gives a directory a trailing slash, so it needs one ":h" more.
    local found = vim.fn.finddir(marker, dir .. ";")
    if found ~= "" then
      return vim.fn.fnamemodify(found, ":p:h:h")
    end
    found = vim.fn.findfile(marker, dir .. ";")
    if found ~= "" then
      return vim.fn.fnamemodify(found, ":p:h")
    end
  end
  return dir
end

--- The client configuration shared by every way of starting it.
local function client_config(opts)
  local settings = { mdscheck = section(opts.settings) }
  return {
    name = M.name,
    cmd = opts.cmd,
    settings = settings,
    init_options = settings.mdscheck,
    capabilities = opts.capabilities,
    on_attach = opts.on_attach,
    -- Neovim before 0.10 does not send the settings by itself.
    on_init = function(client)
      send(client, "workspace/didChangeConfiguration", { settings = client.config.settings })
    end,
  }
end

--- Says once why the server cannot start, when cmd[1] is no program.
local warned = false
local function executable(opts)
  if vim.fn.executable(opts.cmd[1]) == 1 then
    return true
  end
  if not warned then
    warned = true
    notify(
      ("cannot run %q: install it with `go install ./cmd/mdscheck` in a clone of https://github.com/mdscheck/mdscheck` "
        .. "or give its path: require(\"mdscheck\").setup{ cmd = { \"/path/to/mdscheck\", \"lsp\" } }"):format(opts.cmd[1]),
      vim.log.levels.ERROR
    )
  end
  return false
end

-- Neovim 0.7: one client per root directory, started by hand.
local clients_07 = {}

local function attach_07(bufnr, opts)
  local root = root_dir(bufnr, opts.root_markers)
  local id = clients_07[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.client_is_stopped(id) then
    local config = client_config(opts)
    config.root_dir = root
    config.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
    id = vim.lsp.start_client(config)
    if id == nil then
      return nil
    end
    clients_07[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Starts (or reuses) the server for bufnr; returns the client id, nil when
--- the server cannot run. setup() calls it for every buffer of the
--- filetypes; call it yourself for a buffer of another filetype.
function M.attach(bufnr)
  local opts = M.options or vim.deepcopy(M.defaults)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not executable(opts) then
    return nil
  end
  if vim.lsp.start ~= nil then
    local config = client_config(opts)
    config.root_dir = root_dir(bufnr, opts.root_markers)
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  return attach_07(bufnr, opts)
end

--- setup{ cmd = ..., settings = ..., filetypes = ..., root_markers = ...,
--- on_attach = ..., capabilities = ... }: starts the server for the
--- buffers of the filetypes, those open now and those opened later.
function M.setup(user)
  local opts = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), user or {})
  -- Lists are replaced, not merged element by element.
  for _, k in ipairs({ "cmd", "filetypes", "root_markers" }) do
    if user and user[k] ~= nil then
      opts[k] = user[k]
    end
  end
  if type(opts.cmd) == "string" then
    opts.cmd = { opts.cmd, "lsp" }
  end
  M.options = opts

  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    -- Neovim 0.11+: Neovim starts and attaches the client itself.
    local config = client_config(opts)
    config.filetypes = opts.filetypes
    config.root_markers = opts.root_markers
    vim.lsp.config(M.name, config)
    if executable(opts) then
      vim.lsp.enable(M.name)
    end
    return
  end

  vim.api.nvim_create_augroup(augroup, { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = augroup,
    pattern = opts.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
    desc = "mdscheck: start the language server",
  })
  -- Buffers that were open before setup().
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(opts.filetypes, vim.bo[buf].filetype) then
      M.attach(buf)
    end
  end
end

--- The running mdscheck clients.
function M.clients()
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  return vim.tbl_filter(function(c)
    return c.name == M.name
  end, all)
end

--- update_settings{ unknownFields = "warning" } changes the settings of
--- the running servers (and of those started later) without a restart.
function M.update_settings(settings)
  local merged = vim.tbl_deep_extend("force", section(M.options and M.options.settings or {}), section(settings))
  if M.options then
    M.options.settings = merged
  end
  for _, client in ipairs(M.clients()) do
    client.config.settings = { mdscheck = merged }
    send(client, "workspace/didChangeConfiguration", { settings = client.config.settings })
  end
end

return M
