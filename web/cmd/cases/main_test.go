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
	require.NoError(t, run(path, Encode))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var got []agenttest.Case
	require.NoError(t, json.Unmarshal(data, &got), "the file is the JSON of a list of cases")
	assert.Equal(t, agenttest.Cases(), got, "the page gets every case, as agenttest has it")
}

func TestRunIntoAMissingFolderFailsAndLeavesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "missing")
	err := run(filepath.Join(dir, "cases.json"), Encode)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "missing")
	assert.NoDirExists(t, dir)
}

func TestFollowUpsFileDecodesToTheFollowUps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "followups.json")
	require.NoError(t, run(path, EncodeFollowUps))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var got FollowUpsFile
	require.NoError(t, json.Unmarshal(data, &got), "the file is the JSON of the follow-ups")
	assert.Equal(t, agenttest.FollowUps(), got.FollowUps, "the page gets every follow-up, as agenttest has it")
	assert.Equal(t, agenttest.BarrierWait.Milliseconds(), got.BarrierWaitMs, "the page's barriers wait as long as Go's")

	var raw struct {
		FollowUps []struct {
			Cases []map[string]any `json:"cases"`
		} `json:"followUps"`
	}
	require.NoError(t, json.Unmarshal(data, &raw))
	c := raw.FollowUps[1].Cases[0]
	for _, key := range []string{"name", "userMsg", "maxSteps", "toolTimeoutMs", "canceled", "script", "tools", "expect"} {
		assert.Contains(t, c, key, "a case of the page's level 2 has %q", key)
	}
}
