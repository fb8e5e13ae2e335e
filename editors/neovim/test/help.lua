-- :help mdscheck works: the help file's tags are generated, and every
-- |link| in it leads somewhere. Run by e2e_test.go with MDSCHECK_E2E_DOC,
-- a copy of doc/ (helptags writes a tags file beside the help file).
local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
local results = { tags = {}, broken = {} }
run(results, function()
  local doc = assert(os.getenv("MDSCHECK_E2E_DOC"))
  vim.opt.runtimepath:prepend(vim.fn.fnamemodify(doc, ":h"))
  vim.cmd("helptags " .. vim.fn.fnameescape(doc))
  for _, line in ipairs(vim.fn.readfile(doc .. "/tags")) do
    table.insert(results.tags, vim.split(line, "\t")[1])
  end
  local seen = {}
  for _, line in ipairs(vim.fn.readfile(doc .. "/mdscheck.txt")) do
    for link in line:gmatch("|([^|%s]+)|") do
      if not seen[link] then
        seen[link] = true
        if not pcall(vim.cmd, "help " .. link) then
          table.insert(results.broken, link)
        end
      end
    end
  end
  vim.cmd("help mdscheck")
  results.first = vim.api.nvim_get_current_line()
end)
