-- The frame of every script here: run(results, main, cleanup) runs
-- main(), records its error in results.error (with the traceback), runs
-- cleanup() if given, writes results as JSON to MDSCHECK_E2E_OUT for
-- e2e_test.go and quits Neovim. A failing script still writes its
-- results, so the Go test can say what went wrong instead of timing out.
--
-- Loaded by the other scripts with
--   local run = dofile(vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":h") .. "/run.lua")
return function(results, main, cleanup)
  local out_path = assert(os.getenv("MDSCHECK_E2E_OUT"), "MDSCHECK_E2E_OUT")
  local ok, err = xpcall(main, debug.traceback)
  if not ok then
    results.error = tostring(err)
  end
  if cleanup then
    cleanup()
  end
  vim.fn.writefile({ vim.fn.json_encode(results) }, out_path)
  vim.cmd("qa!")
end
