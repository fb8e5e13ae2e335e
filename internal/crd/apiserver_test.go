package crd_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"sigs.k8s.io/yaml"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	mdschema "github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/internal/crd"
	"github.com/mdscheck/mdscheck/internal/shared"
)

// server holds what the API server builds from each CRD, loaded once:
// the create and update strategy of its custom resources and its
// structural schema, which pruning reads.
type server struct {
	strategy interface {
		Validate(ctx context.Context, obj runtime.Object) field.ErrorList
		ValidateUpdate(ctx context.Context, obj, old runtime.Object) field.ErrorList
	}
	structural *structuralschema.Structural
}

// load validates every CRD as the API server does when it is created
// (structural schema, CEL compilation and cost estimation) and builds
// its strategy.
func load(t *testing.T) map[string]server {
	t.Helper()
	out := map[string]server{}
	for _, doc := range crd.All() {
		raw, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		var v1 apiextensionsv1.CustomResourceDefinition
		if err := json.Unmarshal(raw, &v1); err != nil {
			t.Fatal(err)
		}
		apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(&v1)
		var in apiextensionsinternal.CustomResourceDefinition
		if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(&v1, &in, nil); err != nil {
			t.Fatal(err)
		}
		in.Status.StoredVersions = []string{"v1alpha1"}
		if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), &in); len(errs) > 0 {
			for _, e := range errs {
				t.Errorf("%s: the API server refuses the CRD: %v", in.Name, e)
			}
			t.FailNow()
		}
		props := in.Spec.Versions[0].Schema
		if props == nil {
			props = in.Spec.Validation
		}
		structural, err := structuralschema.NewStructural(props.OpenAPIV3Schema)
		if err != nil {
			t.Fatal(err)
		}
		validator, _, err := validation.NewSchemaValidator(props.OpenAPIV3Schema)
		if err != nil {
			t.Fatal(err)
		}
		gvk := schema.GroupVersionKind{Group: in.Spec.Group, Version: "v1alpha1", Kind: in.Spec.Names.Kind}
		sub := in.Spec.Subresources
		if sub == nil {
			sub = in.Spec.Versions[0].Subresources
		}
		st := customresource.NewStrategy(nil, true, gvk, validator, nil, structural, sub.Status, nil, nil)
		out[in.Spec.Names.Kind] = server{strategy: st, structural: structural}
	}
	return out
}

// notSaid are the findings of mdscheck that OpenAPI and CEL cannot say,
// with the reason: a document whose errors are all of these may get
// either verdict from the API server.
var notSaid = map[string]string{
	"yaml-syntax":   "about the text: the API server reads only what the YAML decoder gives it",
	"duplicate-key": "about the text: the decoder keeps one of the keys, and the object has one member",
	"yaml-compat":   "about the text: the API server sees the value the YAML 1.1 reading gives, whatever it is",
	"limit":         "mdscheck's own bounds on what it reads, not the API's",
	"suppression":   "about mdscheck's comments, which the object does not hold",
	"const":         "apiVersion and kind select the CRD; the API server never sees another",
}

// metadataReason is why findings below metadata are not compared: the
// API server checks metadata itself (its name rules, generateName), and
// a structural schema may say nothing of it but name and generateName.
const metadataReason = "metadata is the API server's own"

// ctx is the request context of a namespaced create or update.
var ctx = genericapirequest.WithNamespace(context.Background(), "default")

// decide is the API server's verdict on a document: the problems that
// refuse it, as field paths with their kind of problem (never the value,
// which may be a secret). old is nil on create. Pruning runs first, as in
// the server; an unknown member refuses the object as kubectl's default
// strict field validation does.
func (s server) decide(obj, old *unstructured.Unstructured) []string {
	var out []string
	unknown := pruning.PruneWithOptions(obj.Object, s.structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})
	for _, u := range unknown {
		out = append(out, u+": unknown field")
	}
	var errs field.ErrorList
	if old == nil {
		errs = s.strategy.Validate(ctx, obj)
	} else {
		pruning.Prune(old.Object, s.structural, true)
		// The server has the stored version's resourceVersion; kubectl
		// apply sends it back.
		old.SetResourceVersion("1")
		obj.SetResourceVersion("1")
		errs = s.strategy.ValidateUpdate(ctx, obj, old)
	}
	for _, e := range errs {
		out = append(out, e.Field+": "+string(e.Type)+": "+e.Detail)
	}
	return out
}

// object is a document as the API server receives it from kubectl: read
// by Kubernetes' YAML decoder, in the default namespace when it names
// none. nil when it is not one of our kinds, or does not decode (which
// only a finding in notSaid may explain).
func object(text string, servers map[string]server) (*unstructured.Unstructured, bool) {
	raw, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return nil, false
	}
	if string(raw) == "null" {
		return nil, true // an empty document, which kubectl skips
	}
	obj := &unstructured.Unstructured{}
	if err := obj.UnmarshalJSON(raw); err != nil {
		return nil, false
	}
	if obj.GetAPIVersion() != mdschema.APIVersion {
		return nil, true
	}
	if _, ok := servers[obj.GetKind()]; !ok {
		return nil, true
	}
	if obj.GetNamespace() == "" {
		obj.SetNamespace("default")
	}
	return obj, true
}

// errorsOf splits mdscheck's errors on document idx into those the CRD
// must agree with and those it cannot say.
func errorsOf(ds []check.Diagnostic, idx int) (said, unsaid []string) {
	for _, d := range ds {
		if d.Document != idx || d.Severity != check.Error {
			continue
		}
		line := d.Rule + " " + d.Pointer
		if _, ok := notSaid[d.Rule]; ok || strings.HasPrefix(d.Pointer, "/metadata") {
			unsaid = append(unsaid, line)
			continue
		}
		said = append(said, line)
	}
	return said, unsaid
}

// agree fails unless the API server refuses the document exactly when
// mdscheck reports an error it can say; a document with only errors it
// cannot say may get either verdict.
func agree(t *testing.T, what string, said, unsaid, refused []string) {
	t.Helper()
	switch {
	case len(said) > 0 && len(refused) == 0:
		t.Errorf("%s: mdscheck reports %q, the API server accepts it", what, said)
	case len(said) == 0 && len(unsaid) == 0 && len(refused) > 0:
		t.Errorf("%s: mdscheck accepts it, the API server refuses it: %q", what, refused)
	}
}

// streams are the golden manifests and the corpus, by name.
func streams(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	var files []string
	for _, glob := range []string{"../../testdata/*.yaml", filepath.Join(shared.Path(t, "corpus"), "*.yaml")} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 48 {
		t.Fatalf("only %d manifests", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

// TestAPIServerAgrees loads the CRDs as the API server does, then
// creates every golden manifest and corpus file through the create
// strategy and applies every change pair of core/change through the
// update strategy (transition rules, ratcheting), and compares each
// verdict with mdscheck's.
func TestAPIServerAgrees(t *testing.T) {
	servers := load(t)
	checked, refusals := 0, 0
	all := streams(t)
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		src := all[name]
		res := report.Validate(src, check.DefaultOptions)
		st := report.NewStream(src, report.Options{Check: check.DefaultOptions})
		for i := range st.Len() {
			idx, text := st.Document(i)
			obj, ok := object(text, servers)
			said, unsaid := errorsOf(res.Diagnostics, idx)
			if obj == nil {
				if !ok && len(said)+len(unsaid) == 0 {
					t.Errorf("%s, document %d: Kubernetes' YAML decoder refuses it, mdscheck reports %q", name, idx+1, said)
				}
				continue
			}
			checked++
			refused := servers[obj.GetKind()].decide(obj, nil)
			if len(refused) > 0 {
				refusals++
			}
			agree(t, filepath.Base(name)+", document "+strconv.Itoa(idx+1), said, unsaid, refused)
		}
	}
	if checked < 48 {
		t.Errorf("only %d documents of our kinds were created", checked)
	}
	// The golden manifests hold every error mdscheck knows: an API
	// server that accepted all of them would be no proof.
	if refusals == 0 || refusals == checked {
		t.Errorf("the API server refused %d of %d documents", refusals, checked)
	}
	t.Logf("%d documents created, %d refused", checked, refusals)
	updates(t, servers)
}

// updates applies each change pair of core/change/testdata.
func updates(t *testing.T, servers map[string]server) {
	dirs, err := filepath.Glob("../../core/change/testdata/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no change pairs: %v", err)
	}
	applied, refusals := 0, 0
	for _, dir := range dirs {
		read := func(name string) string {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		prev, cur := read("previous.yaml"), read("current.yaml")
		olds := map[string]*unstructured.Unstructured{}
		oldErrs := map[string][]string{}
		pst := report.NewStream(prev, report.Options{Check: check.DefaultOptions})
		pres := report.Validate(prev, check.DefaultOptions)
		for i := range pst.Len() {
			idx, text := pst.Document(i)
			if obj, _ := object(text, servers); obj != nil {
				olds[identity(obj)] = obj
				oldErrs[identity(obj)], _ = errorsOf(pres.Diagnostics, idx)
			}
		}
		lifecycle := change.Streams(prev, cur).Current[0].Findings
		res := report.Validate(cur, check.DefaultOptions)
		st := report.NewStream(cur, report.Options{Check: check.DefaultOptions})
		for i := range st.Len() {
			idx, text := st.Document(i)
			obj, _ := object(text, servers)
			if obj == nil || olds[identity(obj)] == nil {
				continue
			}
			id := identity(obj)
			said, unsaid := errorsOf(res.Diagnostics, idx)
			// Ratcheting: the API server lets an update keep an invalid
			// value that the previous version had already.
			said = slicesWithout(said, oldErrs[id])
			moved, _ := errorsOf(lifecycle, idx)
			said = append(said, moved...)
			applied++
			refused := servers[obj.GetKind()].decide(obj, olds[id])
			if len(refused) > 0 {
				refusals++
			}
			agree(t, filepath.Base(dir)+" "+id, said, unsaid, refused)
		}
	}
	if applied == 0 {
		t.Error("no change pair was applied")
	}
	if refusals == 0 || refusals == applied {
		t.Errorf("the API server refused %d of %d updates", refusals, applied)
	}
	t.Logf("%d updates applied, %d refused", applied, refusals)
}

func identity(obj *unstructured.Unstructured) string {
	return obj.GetKind() + " " + obj.GetNamespace() + "/" + obj.GetName()
}

// slicesWithout returns the items of a that are not in b.
func slicesWithout(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
