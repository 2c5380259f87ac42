package fourx

/*
#include <stdlib.h>
#include "fourx.h"
*/
import "C"

import (
	"encoding/json"
	"os"
	"runtime"
	"sync"
	"unsafe"
)

// handleKind names the four opaque handle types of the C ABI.
type handleKind int

const (
	kindBlueprintStore handleKind = iota
	kindSnapshotCell
	kindCachedWorkspace
	kindWorkspace
)

var handleNames = [...]string{"blueprint store", "snapshot cell", "cached workspace", "workspace"}

// handle owns one C handle. Calls share it (read lock: the C ABI lets several threads use a
// const handle at once); Close takes it exclusively, frees it once and leaves nil behind, so a
// call after Close is an *Error, never a use after free. A finalizer frees a handle its owner
// forgot to Close (a safety net only: Close is the contract).
type handle struct {
	mu   sync.RWMutex
	kind handleKind
	ptr  unsafe.Pointer
}

func newHandle(kind handleKind, config any) (*handle, error) {
	input, err := marshalInput(config)
	if err != nil {
		return nil, err
	}
	var errBuf C.struct_fourx_buf
	var status C.enum_fourx_status
	var ptr unsafe.Pointer
	switch kind {
	case kindBlueprintStore:
		var p *C.struct_fourx_blueprint_store
		status = C.fourx_blueprint_store_new(bytesPtr(input), C.size_t(len(input)), &p, &errBuf)
		ptr = unsafe.Pointer(p)
	case kindSnapshotCell:
		var p *C.struct_fourx_snapshot_cell
		status = C.fourx_snapshot_cell_new(bytesPtr(input), C.size_t(len(input)), &p, &errBuf)
		ptr = unsafe.Pointer(p)
	case kindCachedWorkspace:
		var p *C.struct_fourx_cached_workspace
		status = C.fourx_cached_workspace_new(bytesPtr(input), C.size_t(len(input)), &p, &errBuf)
		ptr = unsafe.Pointer(p)
	case kindWorkspace:
		var p *C.struct_fourx_workspace
		status = C.fourx_workspace_new(bytesPtr(input), C.size_t(len(input)), &p, &errBuf)
		ptr = unsafe.Pointer(p)
	}
	doc := takeBuf(&errBuf)
	if status != C.FOURX_STATUS_OK {
		return nil, decodeError(int(status), doc)
	}
	h := &handle{kind: kind, ptr: ptr}
	runtime.SetFinalizer(h, (*handle).close)
	return h, nil
}

func (h *handle) call(op string, in any) (json.RawMessage, error) {
	if h == nil {
		return nil, newError(KindNullArg, "the handle is nil (create it with its New function)", "")
	}
	input, err := marshalInput(in)
	if err != nil {
		return nil, err
	}
	name, ok := cstr(op)
	if !ok {
		return nil, newError(KindUnknownOp, "unknown "+handleNames[h.kind]+" op "+quote(op), "op")
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	if h.ptr == nil {
		return nil, newError(KindNullArg, "the "+handleNames[h.kind]+" is closed", "")
	}
	cop := (*C.char)(unsafe.Pointer(&name[0]))
	var out C.struct_fourx_buf
	var status C.enum_fourx_status
	switch h.kind {
	case kindBlueprintStore:
		status = C.fourx_blueprint_store_call((*C.struct_fourx_blueprint_store)(h.ptr), cop, bytesPtr(input), C.size_t(len(input)), &out)
	case kindSnapshotCell:
		status = C.fourx_snapshot_cell_call((*C.struct_fourx_snapshot_cell)(h.ptr), cop, bytesPtr(input), C.size_t(len(input)), &out)
	case kindCachedWorkspace:
		status = C.fourx_cached_workspace_call((*C.struct_fourx_cached_workspace)(h.ptr), cop, bytesPtr(input), C.size_t(len(input)), &out)
	case kindWorkspace:
		status = C.fourx_workspace_call((*C.struct_fourx_workspace)(h.ptr), cop, bytesPtr(input), C.size_t(len(input)), &out)
	}
	res, err := finish(status, takeBuf(&out))
	if err != nil {
		return nil, err
	}
	return json.RawMessage(res), nil
}

// close frees the C handle once; later calls (and a second Close) find nil.
func (h *handle) close() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ptr == nil {
		return
	}
	switch h.kind {
	case kindBlueprintStore:
		C.fourx_blueprint_store_free((*C.struct_fourx_blueprint_store)(h.ptr))
	case kindSnapshotCell:
		C.fourx_snapshot_cell_free((*C.struct_fourx_snapshot_cell)(h.ptr))
	case kindCachedWorkspace:
		C.fourx_cached_workspace_free((*C.struct_fourx_cached_workspace)(h.ptr))
	case kindWorkspace:
		C.fourx_workspace_free((*C.struct_fourx_workspace)(h.ptr))
	}
	h.ptr = nil
	runtime.SetFinalizer(h, nil)
}

// BlueprintStore is a blueprint store bound once (fourx_blueprint_store): a memory store whose
// content lives in the handle, or the filesystem store of one project. Safe for concurrent use;
// writers are ordered by the store's compare-and-swap (a lost race is ErrFoldConflict, a
// deferral carrying the fold account in Error.Result). Close it when done.
type BlueprintStore struct{ h *handle }

// NewBlueprintStore creates a store from its config: {"store": {"kind": "memory", "content"?:
// text}} or {"store": {"kind": "fs", "dir": abs}, "home": abs, "repo_root": abs} (the fs form
// runs the root guard now).
func NewBlueprintStore(config any) (*BlueprintStore, error) {
	h, err := newHandle(kindBlueprintStore, config)
	if err != nil {
		return nil, err
	}
	return &BlueprintStore{h}, nil
}

// NewProjectBlueprintStore is the fs store of the project at repoRoot under home's storage
// (blueprint.storage_paths): the store a harness keeps per project.
func NewProjectBlueprintStore(repoRoot, home string) (*BlueprintStore, error) {
	var paths struct {
		Dir string `json:"dir"`
	}
	var pid struct {
		ProjectID string `json:"project_id"`
	}
	if err := callInto("blueprint.project_id", map[string]string{"root": repoRoot}, &pid); err != nil {
		return nil, err
	}
	if err := callInto("blueprint.storage_paths", map[string]string{"home": home, "project_id": pid.ProjectID}, &paths); err != nil {
		return nil, err
	}
	return NewBlueprintStore(map[string]any{
		"store":     map[string]string{"kind": "fs", "dir": paths.Dir},
		"home":      home,
		"repo_root": repoRoot,
	})
}

// Call runs one store op: "commit", "gc", "read", "render_index" or "read_module" (see
// fourx_blueprint_store_call in include/fourx.h for their inputs).
func (s *BlueprintStore) Call(op string, in any) (json.RawMessage, error) {
	return s.handle().call(op, in)
}

// Commit folds items into the store (blueprint.commit without store/home/repo_root): in holds
// items, snapshot, evidence, now and nonce. It returns {result, written, attempts}.
func (s *BlueprintStore) Commit(in any) (json.RawMessage, error) {
	return s.handle().call("commit", in)
}

// Read returns the current blueprint text ("" and exists false before the first write) and the
// revision names, sorted.
func (s *BlueprintStore) Read() (content string, exists bool, revisions []string, err error) {
	raw, err := s.handle().call("read", nil)
	if err != nil {
		return "", false, nil, err
	}
	var out struct {
		Content   string   `json:"content"`
		Exists    bool     `json:"exists"`
		Revisions []string `json:"revisions"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", false, nil, newError(KindInvalidJSON, "read: "+err.Error(), "")
	}
	return out.Content, out.Exists, out.Revisions, nil
}

// RenderIndex renders the token-capped index of the stored blueprint for a snapshot
// (blueprint.render_index without doc).
func (s *BlueprintStore) RenderIndex(in any) (json.RawMessage, error) {
	return s.handle().call("render_index", in)
}

// Close frees the store (the memory store's content is gone with it; the fs store's files
// stay). It waits for running calls; a later call is ErrNullArg; a second Close does nothing.
func (s *BlueprintStore) Close() error {
	s.handle().close()
	return nil
}

// SnapshotCell is the published blueprint snapshot of one repository with a background rescan
// thread (fourx_snapshot_cell). Safe for concurrent use; Close joins the thread.
type SnapshotCell struct{ h *handle }

// NewSnapshotCell creates a cell: {"root": abs, "max_file_bytes"?: n, "snapshot"?: {...}}.
func NewSnapshotCell(config any) (*SnapshotCell, error) {
	h, err := newHandle(kindSnapshotCell, config)
	if err != nil {
		return nil, err
	}
	return &SnapshotCell{h}, nil
}

// Call runs "load", "request" or "publish" on the cell (fourx_snapshot_cell_call).
func (c *SnapshotCell) Call(op string, in any) (json.RawMessage, error) {
	return c.handle().call(op, in)
}

// Close waits for a running rescan, joins the cell's thread and frees it.
func (c *SnapshotCell) Close() error {
	c.handle().close()
	return nil
}

// CachedWorkspace is a Workspace whose feature and settings reads go through the cached reader
// of the workspace (fourx_cached_workspace, 4x's protocol.CachedWorkspace, which embeds
// *Workspace the same way): a file changed on disk is re-read on the next call; every other
// method is the embedded Workspace's. Safe for concurrent use.
type CachedWorkspace struct {
	*Workspace
	h *handle
}

// NewCachedWorkspace wraps ws in the cached reader (protocol.NewCachedWorkspace); the user
// settings LoadMergedConfig merges are those of the current user's home. Like 4x's it cannot
// fail: when the library refuses to open the cache (a root it cannot read), the reads go
// uncached to the files of ws.Root and report their own errors.
func NewCachedWorkspace(ws *Workspace) *CachedWorkspace {
	cw := &CachedWorkspace{Workspace: ws}
	if ws == nil {
		return cw
	}
	cfg := map[string]string{"root": ws.Root}
	if home, err := os.UserHomeDir(); err == nil {
		cfg["home"] = home
	}
	if h, err := newHandle(kindCachedWorkspace, cfg); err == nil {
		cw.h = h
	}
	return cw
}

// OpenCachedWorkspace opens the cached reader of the workspace at root, reporting a failure to
// open it (home is used by config.load_merged; "" means none).
func OpenCachedWorkspace(root, home string) (*CachedWorkspace, error) {
	cfg := map[string]string{"root": root}
	if home != "" {
		cfg["home"] = home
	}
	h, err := newHandle(kindCachedWorkspace, cfg)
	if err != nil {
		return nil, err
	}
	return &CachedWorkspace{Workspace: &Workspace{Root: root}, h: h}, nil
}

// Call runs one cached read op (workspace.list_features, workspace.load_feature,
// workspace.read_state, config.read, config.load_merged, ...) without `root`.
func (w *CachedWorkspace) Call(op string, in any) (json.RawMessage, error) {
	if w != nil && w.h == nil && w.Workspace != nil {
		return callWithRoot(op, in, w.Root)
	}
	return w.handle().call(op, in)
}

func (w *CachedWorkspace) cachedInto(op string, in any, out any) error {
	raw, err := w.Call(op, in)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return newError(KindInvalidJSON, op+": "+err.Error(), "")
	}
	return nil
}

// ReadState is workspace.read_state through the cache.
func (w *CachedWorkspace) ReadState(featureID string) (State, error) {
	var out struct {
		State State `json:"state"`
	}
	err := w.cachedInto("workspace.read_state", map[string]string{"feature_id": featureID}, &out)
	return out.State, err
}

// ListFeatures is Workspace.ListFeatures through the cache (nil when there is none).
func (w *CachedWorkspace) ListFeatures() ([]Feature, error) {
	var out struct {
		Features []Feature `json:"features"`
	}
	if err := w.cachedInto("workspace.list_features", map[string]string{}, &out); err != nil {
		return nil, err
	}
	return nilIfEmpty(out.Features), nil
}

// LoadFeature is Workspace.LoadFeature through the cache.
func (w *CachedWorkspace) LoadFeature(id string) (Feature, error) {
	var out struct {
		Feature Feature `json:"feature"`
	}
	err := w.cachedInto("workspace.load_feature", map[string]string{"feature_id": id}, &out)
	return out.Feature, err
}

// ReadConfig is Workspace.ReadConfig through the cache.
func (w *CachedWorkspace) ReadConfig() (Config, error) {
	var out struct {
		Config Config `json:"config"`
	}
	err := w.cachedInto("config.read", map[string]string{}, &out)
	return out.Config, err
}

// LoadMergedConfig is Workspace.LoadMergedConfig with the project settings read through the
// cache.
func (w *CachedWorkspace) LoadMergedConfig() (Config, error) {
	if w != nil && w.h == nil {
		return w.Workspace.LoadMergedConfig()
	}
	var out struct {
		Config Config `json:"config"`
	}
	err := w.cachedInto("config.load_merged", map[string]string{}, &out)
	return out.Config, err
}

var _ WorkspaceReader = (*CachedWorkspace)(nil)

// Close frees the cache; the workspace files stay (the embedded Workspace is not closed).
func (w *CachedWorkspace) Close() error {
	w.handle().close()
	return nil
}

// handle is the store's C handle, nil for a nil store (whose calls are ErrNullArg).
func (s *BlueprintStore) handle() *handle {
	if s == nil {
		return nil
	}
	return s.h
}

func (c *SnapshotCell) handle() *handle {
	if c == nil {
		return nil
	}
	return c.h
}

func (w *CachedWorkspace) handle() *handle {
	if w == nil {
		return nil
	}
	return w.h
}
