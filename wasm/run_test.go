//go:build js && wasm

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// seedModel is the seed example's model: call add, then answer with what
// it returned.
const seedModel = `(messages) => messages.length === 1
	? {role: "assistant", type: "tool", name: "add", args: {a: 2, b: 3}}
	: {role: "assistant", type: "final", content: "The answer is " + messages[messages.length - 1].content + "."}`

const seedTools = `({add: ({a, b}) => a + b})`

func TestSeedExampleResolvesWithTheFinalAnswer(t *testing.T) {
	got := resolves(t, jsEval(t, seedModel), jsEval(t, seedTools), "What is 2 + 3?")
	assert.Equal(t, "The answer is 5.", got)
}
