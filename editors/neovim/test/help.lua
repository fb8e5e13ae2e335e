-- :help mdscheck works: the help file's tags are generated, and every
-- |link| in it leads somewhere. Run by e2e_test.go with MDSCHECK_E2E_DOC,
-- a copy of doc/ (helptags writes a tags file beside the help file).
local out_path = assert(os.getenv("MDSCHECK_E2E_OUT"), "MDSCHECK_E2E_OUT")
local results = { tags = {}, broken = {} }
local ok, err = xpcall(function()
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
end, debug.traceback)
if not ok then
  results.error = tostring(err)
end
vim.fn.writefile({ vim.fn.json_encode(results) }, out_path)
vim.cmd("qa!")
