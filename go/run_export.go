package fourx

/*
#include <stdint.h>
#include "fourx.h"
*/
import "C"

import (
	"encoding/json"
	"runtime/cgo"
)

// fourxGoAgent is the C side of RunOptions.Agent: it decodes the call, runs the Go agent (or
// reports an interrupt when the run's context is done) and answers with its result as JSON.
//
//export fourxGoAgent
func fourxGoAgent(handle C.uintptr_t, call *C.fourx_agent_call) *C.char {
	s := cgo.Handle(handle).Value().(*runState)
	if s.ctx.Err() != nil {
		return s.reply(AgentResult{ExitCode: 130, Interrupted: true})
	}
	var c AgentCall
	if err := json.Unmarshal([]byte(C.GoString(call.json)), &c); err != nil {
		s.err = err
		return nil
	}
	r := s.agent(c)
	if s.ctx.Err() != nil {
		r.Interrupted = true
	}
	return s.reply(r)
}
