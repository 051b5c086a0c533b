package apiserver_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// getUpdate is one reconcile-shaped round trip: Get, change a label, Update.
func getUpdate(ctx context.Context, c client.Client, key client.ObjectKey, i int) error {
	w := &testapi.Widget{}
	if err := c.Get(ctx, key, w); err != nil {
		return err
	}
	w.Labels = map[string]string{"i": strconv.Itoa(i)}
	return c.Update(ctx, w)
}

func benchClients(b *testing.B) map[string]client.Client {
	scheme := testapi.NewScheme()
	seed := func() *testapi.Widget {
		return &testapi.Widget{
			ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w", Labels: map[string]string{"a": "b"}},
			Spec:       testapi.WidgetSpec{Replicas: 3, Image: "nginx:1.27", Labels: map[string]string{"app": "w"}},
		}
	}
	s, err := apiserver.New(apiserver.WithScheme(scheme), apiserver.WithObjects(seed()))
	if err != nil {
		b.Fatal(err)
	}
	f := fake.NewClientBuilder().WithScheme(scheme).WithObjects(seed()).WithStatusSubresource(&testapi.Widget{}).Build()
	return map[string]client.Client{"store": s, "fake": f}
}

// BenchmarkGetUpdate measures a Get followed by an effective Update, on the
// in-memory server ("store") and on controller-runtime's fake client.
func BenchmarkGetUpdate(b *testing.B) {
	ctx := context.Background()
	key := client.ObjectKey{Namespace: "default", Name: "w"}
	for _, name := range []string{"store", "fake"} {
		b.Run(name, func(b *testing.B) {
			c := benchClients(b)[name]
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if err := getUpdate(ctx, c, key, i); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNoopUpdate measures a Get followed by an Update that changes
// nothing (no resourceVersion change, no event on the store).
func BenchmarkNoopUpdate(b *testing.B) {
	ctx := context.Background()
	key := client.ObjectKey{Namespace: "default", Name: "w"}
	for _, name := range []string{"store", "fake"} {
		b.Run(name, func(b *testing.B) {
			c := benchClients(b)[name]
			b.ReportAllocs()
			for b.Loop() {
				if err := getUpdate(ctx, c, key, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStoreVsFake runs the Get+Update round trip on both clients in
// turn and reports the per-operation cost of each and their ratio
// (fake-ns/op divided by store-ns/op).
func BenchmarkStoreVsFake(b *testing.B) {
	ctx := context.Background()
	key := client.ObjectKey{Namespace: "default", Name: "w"}
	cs := benchClients(b)
	var store, fk time.Duration
	n := 0
	for b.Loop() {
		t0 := time.Now()
		if err := getUpdate(ctx, cs["store"], key, n); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := getUpdate(ctx, cs["fake"], key, n); err != nil {
			b.Fatal(err)
		}
		fk += time.Since(t1)
		store += t1.Sub(t0)
		n++
	}
	b.ReportMetric(float64(store.Nanoseconds())/float64(n), "store-ns/op")
	b.ReportMetric(float64(fk.Nanoseconds())/float64(n), "fake-ns/op")
	b.ReportMetric(float64(fk)/float64(store), "fake/store")
}

// BenchmarkCreateConfigMap measures creates of a built-in kind.
func BenchmarkCreateConfigMap(b *testing.B) {
	ctx := context.Background()
	s, err := apiserver.New()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c" + strconv.Itoa(i)}, Data: map[string]string{"k": "v"}}
		if err := s.Create(ctx, cm); err != nil {
			b.Fatal(err)
		}
	}
}
