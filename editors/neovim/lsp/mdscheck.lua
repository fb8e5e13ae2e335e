-- mdscheck for Neovim 0.11 and later, without the plugin's setup(). With
-- this directory on the runtimepath, Neovim finds this file by the name
-- "mdscheck" (as it finds nvim-lspconfig's lsp/*.lua), so one line in
-- init.lua starts the server for YAML buffers:
--
--   vim.lsp.enable("mdscheck")
--
-- What you give vim.lsp.config is merged over this table:
--
--   vim.lsp.config("mdscheck", { settings = { mdscheck = { unknownFields = "warning" } } })
--
-- The server reads only documents of apiVersion example.io/v1alpha1 and
-- stays silent on other YAML. Neovim 0.7 to 0.10 have no vim.lsp.config:
-- use require("mdscheck").setup{} there (:help mdscheck).

---@type vim.lsp.Config
return {
  -- `go install ./cmd/mdscheck` in a clone of the repository puts it
  -- in $(go env GOPATH)/bin; give the full path if that is not on PATH.
  cmd = { "mdscheck", "lsp" },
  filetypes = { "yaml" },
  -- A buffer's project is the nearest directory above it that holds one
  -- of these; Neovim runs one server per project.
  root_markers = { ".git" },
  -- The server's settings, at their defaults, so that the names are here
  -- to change (docs/editors.md, "Settings"). Neovim sends them after
  -- start-up and answers the server's workspace/configuration from them.
  settings = {
    mdscheck = {
      enable = true,
      -- unknownFields = "warning", -- unset: the .mdscheck.yaml's, else "error"
      previous = "HEAD", -- the git revision a buffer is compared with; "off": none
    },
  },
}
