package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agentloop.dev/agent/agenttest"
)

func TestWrittenFileDecodesToTheCases(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cases.json")
	require.NoError(t, run(path))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var got []agenttest.Case
	require.NoError(t, json.Unmarshal(data, &got), "the file is the JSON of a list of cases")
	assert.Equal(t, agenttest.Cases(), got, "the page gets every case, as agenttest has it")
}

func TestRunIntoAMissingFolderFailsAndLeavesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing")
	err := run(filepath.Join(dir, "cases.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "missing")
	assert.NoDirExists(t, dir)
}
