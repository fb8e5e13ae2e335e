-- lsp/mdscheck.lua, the configuration Neovim 0.11+ reads for
-- vim.lsp.enable("mdscheck"). Only Neovim 0.7 can be installed here, so
-- this script does by hand what 0.11 does with the file: find it on the
-- runtimepath, merge a user's vim.lsp.config over it, and start the client
-- it describes for a YAML buffer in the root the markers give. Run by
-- e2e_test.go with the plugin on the runtimepath, mdscheck on PATH (the
-- file names no path) and MDSCHECK_E2E_FILE, a manifest below a directory
-- with .git.
local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { log = {} }
local TIMEOUT = 15000

vim.notify = function(msg, level)
  table.insert(results.log, ("notify[%s]: %s"):format(tostring(level), msg))
end

run(results, function()
  vim.cmd("filetype on")

  -- 0.11 looks the name up as lsp/<name>.lua on the runtimepath.
  results.found = vim.api.nvim_get_runtime_file("lsp/mdscheck.lua", true)
  local config = dofile(assert(results.found[1], "lsp/mdscheck.lua is not on the runtimepath"))
  results.keys = vim.tbl_keys(config)
  table.sort(results.keys)
  results.cmd = config.cmd
  results.filetypes = config.filetypes
  results.root_markers = config.root_markers
  results.settings = config.settings

  -- vim.lsp.config("mdscheck", {...}) merges the user's table over the
  -- file's like this; the docs tell users to change a setting so.
  config = vim.tbl_deep_extend("force", config, { settings = { mdscheck = { unknownFields = "warning" } } })

  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("MDSCHECK_E2E_FILE"))))
  local buf = vim.api.nvim_get_current_buf()
  results.filetype_matches = vim.tbl_contains(config.filetypes or {}, vim.bo[buf].filetype)

  -- The root: the nearest directory above the file with a marker.
  local dir = vim.fn.expand("%:p:h")
  for _, marker in ipairs(config.root_markers or {}) do
    local found = vim.fn.finddir(marker, dir .. ";")
    if found == "" then
      found = vim.fn.findfile(marker, dir .. ";")
    end
    if found ~= "" then
      results.root_dir = vim.fn.fnamemodify(found, ":p:h:h")
      break
    end
  end
  config.name = "mdscheck"
  -- 0.10 and later send the settings as soon as the server is initialized
  -- (Client:initialize: didChangeConfiguration when settings is not
  -- empty); 0.7 neither sends them nor announces workspace/configuration,
  -- so here they are sent as 0.11 sends them.
  assert(config.on_init == nil, "lsp/mdscheck.lua has an on_init; this script would replace it")
  config.on_init = function(client)
    client.notify("workspace/didChangeConfiguration", { settings = client.config.settings })
  end
  config.root_dir = results.root_dir
  if results.root_dir then
    config.workspace_folders = { { uri = vim.uri_from_fname(results.root_dir), name = results.root_dir } }
  end
  local id = assert(vim.lsp.start_client(config), "the client did not start")
  vim.lsp.buf_attach_client(buf, id)

  local function codes()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      table.insert(list, { line = d.lnum, code = d.code, severity = d.severity })
    end
    table.sort(list, function(a, b)
      return a.line < b.line
    end)
    return list
  end
  -- Unknown fields as warnings: the merged setting reached the server.
  local waited = vim.wait(TIMEOUT, function()
    for _, d in ipairs(codes()) do
      if d.code == "unknown-field" and d.severity == vim.diagnostic.severity.WARN then
        return true
      end
    end
    return false
  end, 20)
  results.diagnostics = codes()
  if not waited then
    error(("timed out after %d ms waiting for unknown-field as a warning; diagnostics: %s"):format(
      TIMEOUT,
      vim.inspect(results.diagnostics)
    ))
  end
  vim.lsp.get_client_by_id(id).stop()
end)
