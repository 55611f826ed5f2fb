package main

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

func TestDbgClick(t *testing.T) {
	benchDir, _ = filepath.Abs(".")
	srv := serve("../site", nil)
	defer srv.Close()
	b, err := newBrowser(context.Background(), "/usr/bin/chromium")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	navigate(b.ctx, srv.URL+"/index.html#example=add")
	evaluate[coldStart](b.ctx, time.Minute, readyJS)
	for i := 0; i < 4; i++ {
		_, err := evaluate[clickTimes](b.ctx, time.Minute, fmt.Sprintf("(%s)(%d)", clickJS, 1))
		v, _ := evaluate[any](b.ctx, time.Minute, `globalThis.__dbg.map(([k,t,a]) => k + " " + (t - globalThis.__dbg[0][1]).toFixed(1) + (a ? " w" + (a - globalThis.__dbg[0][1]).toFixed(1) : ""))`)
		t.Log(err, v)
	}
}
