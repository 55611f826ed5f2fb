module loop

go 1.26.8

require agentloop.dev v0.0.0

// agentloop.dev is not published on a module proxy: clone the repository
// beside this folder (git clone <repository URL> ../agentloop), or delete
// these lines and use a workspace instead (go work init . ../agentloop).
replace agentloop.dev => ../agentloop
