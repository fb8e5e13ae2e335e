-- What the scripts that drive Neovim share: how long a wait may take,
-- waiting, requests through Neovim's client, the messages a user sees
-- and the diagnostics of a buffer as the Go tests compare them. Loaded
-- by the scripts with
--   local editor = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/editor.lua")
local M = {}

-- Every wait is bounded, so a broken server ends the run with an error,
-- not a hang.
M.TIMEOUT = 15000

--- Records every message shown with vim.notify in results.log: the
--- messages the plugin or Neovim show are part of what a user sees.
function M.capture_notify(results)
  vim.notify = function(msg, level)
    table.insert(results.log, ("notify[%s]: %s"):format(tostring(level), msg))
  end
end

--- Waits until cond() holds, or raises an error that says for what.
function M.wait(what, cond)
  if not vim.wait(M.TIMEOUT, cond, 20) then
    error(("timed out after %d ms waiting for %s"):format(M.TIMEOUT, what))
  end
end

--- Sends method to the servers of buf through Neovim's own client and
--- returns the first answer's result; an error, or no answer within
--- TIMEOUT, raises.
function M.request(buf, method, params)
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, M.TIMEOUT)
  if responses == nil then
    error(("%s: %s"):format(method, tostring(err)))
  end
  for _, r in pairs(responses) do
    if r.error then
      error(("%s: %s"):format(method, vim.inspect(r.error)))
    end
    return r.result
  end
  return nil
end

--- The TextDocumentPositionParams of a 0-based line and character of buf.
function M.position(buf, line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end

--- The text of a hover's contents, of any of the forms LSP allows.
function M.markdown(contents)
  if type(contents) == "string" then
    return contents
  end
  if contents.value then
    return contents.value
  end
  local parts = {}
  for _, c in ipairs(contents) do
    table.insert(parts, M.markdown(c))
  end
  return table.concat(parts, "\n")
end

--- The diagnostics of buf, in the order of the text.
function M.diagnostics(buf)
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

return M
