-- The one way the docs install the gamels binary, and where it puts it:
-- the messages of a missing binary (init.lua) and :checkhealth gamels
-- (health.lua) say the same thing, and the health check tells a binary on
-- PATH that is not this one.
local M = {}

-- command is the install command, run in a checkout of gamels. The same
-- text is in README.md, editors/README.md and editors/vscode/README.md
-- (editors/install_docs_test.go checks there is no other).
M.command = 'CGO_ENABLED=0 go install ./cmd/gamels'

-- go_bin_dir returns the directory `go install` writes to: $(go env GOBIN),
-- else the first entry of $(go env GOPATH) plus /bin. Without a go on
-- PATH it reads GOBIN and GOPATH from the environment, else ~/go/bin (Go's
-- default GOPATH). The second result says where it came from.
function M.go_bin_dir()
  if vim.fn.executable('go') == 1 then
    local out = vim.fn.systemlist({ 'go', 'env', 'GOBIN', 'GOPATH' })
    if vim.v.shell_error == 0 and #out >= 2 then
      if out[1] ~= '' then
        return out[1], '`go env GOBIN`'
      end
      local first = vim.split(out[2], ':', { plain = true })[1]
      if first ~= '' then
        return first .. '/bin', '`go env GOPATH`'
      end
    end
  end
  local gobin = os.getenv('GOBIN')
  if gobin and gobin ~= '' then
    return gobin, '$GOBIN'
  end
  local gopath = os.getenv('GOPATH')
  if gopath and gopath ~= '' then
    return vim.split(gopath, ':', { plain = true })[1] .. '/bin', '$GOPATH'
  end
  return vim.fn.expand('~/go/bin'), "Go's default GOPATH"
end

-- installed returns the path of the binary the install command built,
-- and whether it is there.
function M.installed()
  local dir = M.go_bin_dir()
  local path = dir .. '/gamels'
  return path, vim.fn.executable(path) == 1
end

-- same_file reports whether two paths name the same file (symbolic links
-- resolved).
function M.same_file(a, b)
  return vim.fn.resolve(vim.fn.fnamemodify(a, ':p')) == vim.fn.resolve(vim.fn.fnamemodify(b, ':p'))
end

-- advice returns what to do when the binary bin cannot be executed: the
-- install command, or, when it has run but its directory is not on PATH,
-- that directory.
function M.advice(bin)
  local path, there = M.installed()
  if there and not bin:find('/', 1, true) then
    return string.format('%s is installed but its directory is not on PATH: add %s to PATH, '
      .. "or pass cmd = { '%s', 'serve' } to require('gamels').setup()", path, vim.fn.fnamemodify(path, ':h'), path)
  end
  return string.format('Install it: `%s` in a checkout of gamels (it writes %s; that directory must be on PATH), '
    .. "or pass cmd = { '/path/to/gamels', 'serve' } to require('gamels').setup()", M.command, path)
end

return M
