-- Across files, in a real, headless Neovim. Run by cross_test.go as
--   nvim --headless -u NONE -i NONE --cmd 'set rtp^=PLUGIN' -c 'luafile test/cross.lua'
-- with MDSCHECK_BIN (the server program), MDSCHECK_E2E_FILE (a file of
-- workloads in a repository whose Kafkas are in another file),
-- MDSCHECK_E2E_FILES (how many YAML files the repository has),
-- MDSCHECK_E2E_STEPS (JSON: where each step puts the cursor and what it
-- types, from the Go test so that both sides agree on them) and
-- MDSCHECK_E2E_OUT (where the results go).
--
-- It does what a user does, through Neovim's own LSP client: opens the
-- workloads and waits for the diagnostic that only the other file
-- explains; hovers on the keys the workloads read; goes to the
-- definition of a Secret's name (`gd` mapped to vim.lsp.buf.definition);
-- there, lists the references of the Kafkas' names in the quickfix list
-- (vim.lsp.buf.references); back in the workloads, types a key of a
-- secretKeyRef and of a Secret volume's item and asks for completion.

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h")
local run = dofile(here .. "/run.lua")
local editor = dofile(here .. "/editor.lua")
local results = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), log = {} }
local wait, diagnostics = editor.wait, editor.diagnostics
local request, position, markdown = editor.request, editor.position, editor.markdown
editor.capture_notify(results)

-- put_cursor puts the cursor of the current window at a 0-based spot.
local function put_cursor(spot)
  vim.api.nvim_win_set_cursor(0, { spot.line + 1, spot.col })
end

-- references runs vim.lsp.buf.references() at spot of the current buffer
-- and returns the quickfix list it fills, as the user reads it: file,
-- 1-based line and column, and the text of the line.
local function references(spot)
  put_cursor(spot)
  local before = vim.fn.getqflist({ id = 0 }).id
  vim.lsp.buf.references()
  wait("the references in the quickfix list", function()
    return vim.fn.getqflist({ id = 0 }).id ~= before
  end)
  local list = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    table.insert(list, {
      file = vim.api.nvim_buf_get_name(item.bufnr),
      line = item.lnum,
      col = item.col,
      text = item.text,
    })
  end
  vim.cmd("cclose") -- back to the window of the file
  return list
end

-- complete types typing.lines into buf below line typing.after, asks for
-- completion at typing.at and returns what the completion menu shows
-- there: the items Neovim's omnifunc keeps for the word before the
-- cursor, in its order (word, menu), and the range each one replaces.
-- The typed lines are taken out again, so each typing starts from the
-- file as it was.
local function complete(buf, typing)
  vim.api.nvim_buf_set_lines(buf, typing.after, typing.after, false, typing.lines)
  local at = typing.at
  local result = request(buf, "textDocument/completion", position(buf, at.line, at.col)) or {}
  local line = vim.api.nvim_buf_get_lines(buf, at.line, at.line + 1, false)[1]
  local before = line:sub(1, at.col)
  local prefix = before:sub(vim.fn.match(before, "\\k*$") + 1)
  local menu = {}
  for _, m in ipairs(vim.lsp.util.text_document_completion_list_to_complete_items(result, prefix)) do
    local item = m.user_data.nvim.lsp.completion_item
    local range = item.textEdit and item.textEdit.range
    table.insert(menu, {
      word = m.word,
      menu = m.menu,
      from = range and range.start.character or vim.NIL,
      to = range and range["end"].character or vim.NIL,
      line = range and range.start.line or vim.NIL,
    })
  end
  vim.api.nvim_buf_set_lines(buf, typing.after, typing.after + #typing.lines, false, {})
  return { prefix = prefix, items = menu }
end

local function main()
  local steps = vim.fn.json_decode((assert(os.getenv("MDSCHECK_E2E_STEPS"), "MDSCHECK_E2E_STEPS")))
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

  -- The answers below are about every file of the repository: wait until
  -- the server has read them all (mdscheck/stats, the server's own
  -- request), so that what is compared is the answer, not the progress
  -- of the reading.
  local files = tonumber(os.getenv("MDSCHECK_E2E_FILES"))
  wait("the server to read the " .. files .. " files of the repository", function()
    local st = request(buf, "mdscheck/stats", vim.NIL)
    return st and not st.workspace.indexing and st.workspace.files == files
  end)

  -- 2. Hover on the keys the workloads read: who writes them.
  results.hover = {}
  for _, spot in ipairs(steps.hover) do
    local h = request(buf, "textDocument/hover", position(buf, spot.line, spot.col))
    table.insert(results.hover, h and markdown(h.contents) or vim.NIL)
  end

  -- 3. Go to the definition of the Secret's name: another file opens, at
  -- the Kafka that writes it.
  put_cursor(steps.definition)
  vim.lsp.buf.definition()
  wait("the definition to open another file", function()
    return vim.api.nvim_get_current_buf() ~= buf
  end)
  results.definition_file = vim.api.nvim_buf_get_name(0)
  local cursor = vim.api.nvim_win_get_cursor(0)
  results.definition_line = cursor[1] - 1
  results.definition_col = cursor[2]
  results.definition_text = vim.api.nvim_get_current_line()

  -- 4. There, the references of the Kafkas' names: every reader, in the
  -- files of the repository.
  results.references = {}
  for _, spot in ipairs(steps.references) do
    table.insert(results.references, references(spot))
  end

  -- 5. Back in the workloads, keys typed and completed.
  vim.cmd("buffer " .. buf)
  results.completion = {}
  for _, typing in ipairs(steps.completion) do
    table.insert(results.completion, complete(buf, typing))
  end
end

run(results, main, function()
  for _, c in ipairs(require("mdscheck").clients()) do
    c.stop()
  end
end)
