// Package fidelity runs one table of API-server scenarios against verify's
// in-memory store and against a real apiextensions API server running in
// process on embedded etcd, and compares the results field by field.
//
// It is a separate, test-only module so that users of verify do not inherit
// etcd and the API server as dependencies. Run it with ./run.sh.
package fidelity

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
)

// The custom resource every scenario uses.
var (
	widgetGVK     = schema.GroupVersionKind{Group: "fidelity.example.com", Version: "v1", Kind: "Widget"}
	widgetListGVK = widgetGVK.GroupVersion().WithKind("WidgetList")
	// Gizmo is the same custom resource without the status subresource.
	gizmoGVK     = widgetGVK.GroupVersion().WithKind("Gizmo")
	gizmoListGVK = widgetGVK.GroupVersion().WithKind("GizmoList")
	crdGVK       = apiextensionsv1.SchemeGroupVersion.WithKind("CustomResourceDefinition")
)

// scheme is client-go's scheme plus apiextensions/v1: the
// CustomResourceDefinition is the built-in kind the apiextensions server
// serves, used for the strategic merge patch rows.
var scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		panic(err)
	}
	if err := apiextensionsv1.AddToScheme(s); err != nil {
		panic(err)
	}
	return s
}()

// realConfig is the rest.Config of the real server, started once per test
// binary run by TestMain.
var realConfig *rest.Config

// fieldManager is the manager name both backends record for writes that
// name none: the in-memory default, and what kube-apiserver derives from the
// user agent "manager/…" that the real client sends.
const fieldManager = "manager"

// stdLogger is the servertesting.Logger of the test server outside a test.
type stdLogger struct{ verbose bool }

func (l stdLogger) Logf(format string, args ...any) {
	if l.verbose {
		fmt.Fprintf(os.Stderr, "apiserver: "+format+"\n", args...)
	}
}
func (stdLogger) Errorf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "apiserver: "+format+"\n", args...)
}
func (stdLogger) Fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "apiserver: "+format+"\n", args...)
	os.Exit(1)
}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if os.Getenv("FIDELITY_MEMORY_ONLY") != "" {
		return m.Run()
	}
	if os.Getenv("FIDELITY_VERBOSE") == "" {
		klog.SetOutput(io.Discard)
		klog.LogToStderr(false)
	}
	start := time.Now()
	stopEtcd, etcdURL, err := startEtcd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fidelity: start etcd:", err)
		return 1
	}
	defer stopEtcd()
	os.Setenv("KUBE_INTEGRATION_ETCD_URL", etcdURL)
	tearDown, cfg, _, err := fixtures.StartDefaultServer(stdLogger{verbose: os.Getenv("FIDELITY_VERBOSE") != ""})
	if err != nil {
		fmt.Fprintln(os.Stderr, "fidelity: start apiextensions-apiserver:", err)
		return 1
	}
	defer tearDown()
	cfg = rest.CopyConfig(cfg)
	cfg.UserAgent = fieldManager + "/v0.0.0 (fidelity)"
	cfg.QPS, cfg.Burst = 1000, 2000
	realConfig = cfg
	if err := installCRDs(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "fidelity: install CRD:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "fidelity: etcd and apiextensions-apiserver ready in %s\n", time.Since(start).Round(time.Millisecond))
	return m.Run()
}

// startEtcd runs a single-member embedded etcd on free local ports.
func startEtcd() (stop func(), clientURL string, err error) {
	dir, err := os.MkdirTemp("", "fidelity-etcd")
	if err != nil {
		return nil, "", err
	}
	cfg := embed.NewConfig()
	cfg.Dir = filepath.Join(dir, "data")
	cfg.UnsafeNoFsync = true
	cfg.LogLevel = "error"
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
	cu, _ := url.Parse("http://127.0.0.1:0")
	pu, _ := url.Parse("http://127.0.0.1:0")
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{*cu}, []url.URL{*cu}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{*pu}, []url.URL{*pu}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	stop = func() {
		e.Close()
		os.RemoveAll(dir)
	}
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(60 * time.Second):
		stop()
		return nil, "", fmt.Errorf("etcd did not become ready in 60s")
	}
	return stop, "http://" + e.Clients[0].Addr().String(), nil
}

// testCRD is a namespaced custom resource of the fidelity group with a
// structural schema whose maps merge granularly and whose lists are atomic
// (what the in-memory store deduces for custom resources), and the status
// subresource if status is true.
func testCRD(kind, plural string, status bool) *apiextensionsv1.CustomResourceDefinition {
	str := apiextensionsv1.JSONSchemaProps{Type: "string"}
	strMap := apiextensionsv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextensionsv1.JSONSchemaPropsOrBool{Allows: true, Schema: &str}}
	strList := apiextensionsv1.JSONSchemaProps{Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &str}}
	integer := apiextensionsv1.JSONSchemaProps{Type: "integer"}
	v := apiextensionsv1.CustomResourceDefinitionVersion{
		Name: widgetGVK.Version, Served: true, Storage: true,
		Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"replicas": integer, "image": str, "config": strMap, "ports": strList,
				}},
				"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"phase": str, "observedGeneration": integer,
				}},
			},
		}},
	}
	if status {
		v.Subresources = &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}}
	}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + widgetGVK.Group},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group:    widgetGVK.Group,
			Names:    apiextensionsv1.CustomResourceDefinitionNames{Plural: plural, Singular: strings.ToLower(kind), Kind: kind, ListKind: kind + "List"},
			Scope:    apiextensionsv1.NamespaceScoped,
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{v},
		},
	}
}

// installCRDs creates the Widget and Gizmo CRDs on the real server and waits
// until they are established and served.
func installCRDs(cfg *rest.Config) error {
	c, err := client.New(cfg, client.Options{Scheme: scheme, Mapper: restMapper()})
	if err != nil {
		return err
	}
	ctx := context.Background()
	for _, crd := range []*apiextensionsv1.CustomResourceDefinition{testCRD("Widget", "widgets", true), testCRD("Gizmo", "gizmos", false)} {
		if err := c.Create(ctx, crd); err != nil {
			return err
		}
	}
	for _, name := range []string{"widgets." + widgetGVK.Group, "gizmos." + widgetGVK.Group} {
		if err := waitEstablished(ctx, c, name); err != nil {
			return err
		}
	}
	// Served: a list of each new kind succeeds.
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		for _, gvk := range []schema.GroupVersionKind{widgetListGVK, gizmoListGVK} {
			l := &unstructured.UnstructuredList{}
			l.SetGroupVersionKind(gvk)
			if c.List(ctx, l, client.InNamespace("default")) != nil {
				return false, nil
			}
		}
		return true, nil
	})
}

// waitEstablished polls until the CRD named name has Established=True.
func waitEstablished(ctx context.Context, c client.Client, name string) error {
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := c.Get(ctx, client.ObjectKey{Name: name}, crd); err != nil {
			if apierrors.IsNotFound(err) {
				return false, nil
			}
			return false, err
		}
		for _, cond := range crd.Status.Conditions {
			if cond.Type == apiextensionsv1.Established && cond.Status == apiextensionsv1.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	})
}

// newRealClient is a controller-runtime client of the real server. The REST
// mapper is built fresh, so it sees every CRD installed so far.
func newRealClient() (client.WithWatch, error) {
	if realConfig == nil {
		return nil, fmt.Errorf("real server not started")
	}
	return client.NewWithWatch(realConfig, client.Options{Scheme: scheme, Mapper: restMapper()})
}

// restMapper maps the two kinds the suite uses. The apiextensions server
// serves no legacy /api group, which controller-runtime's discovery-based
// mapper requires, so the mapping is static.
func restMapper() meta.RESTMapper {
	m := meta.NewDefaultRESTMapper([]schema.GroupVersion{widgetGVK.GroupVersion(), crdGVK.GroupVersion()})
	m.Add(widgetGVK, meta.RESTScopeNamespace)
	m.Add(gizmoGVK, meta.RESTScopeNamespace)
	m.Add(crdGVK, meta.RESTScopeRoot)
	return m
}

// newMemoryServer is verify's in-memory store configured like the real
// server: the Widget CRD, the CRD kind itself, and managedFields maintained
// for every write (the real server always records them).
func newMemoryServer() (client.WithWatch, error) {
	return apiserver.New(
		apiserver.WithScheme(scheme),
		apiserver.WithKinds(
			apiserver.CRD(widgetGVK, true, true),
			apiserver.CRD(gizmoGVK, true, false),
			apiserver.Kind{GVK: crdGVK, ClusterScoped: true, StatusSubresource: true, StrategicMerge: true},
		),
		apiserver.WithFieldManager(fieldManager),
		apiserver.WithManagedFields(true),
	)
}
