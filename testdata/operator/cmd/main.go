// Command manager runs the example operator: the controller-runtime
// reconcilers under internal/controller and the client-go controller under
// internal/legacy, in one manager.
package main

import (
	"context"
	"flag"
	"os"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	appsv1alpha1 "github.com/reconcilelint/example-operator/api/v1alpha1"
	"github.com/reconcilelint/example-operator/internal/controller"
	"github.com/reconcilelint/example-operator/internal/legacy"
)

var (
	scheme   = runtime.NewScheme()
	setupLog = ctrl.Log.WithName("setup")
)

func init() {
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(appsv1alpha1.AddToScheme(scheme))
	// +kubebuilder:scaffold:scheme
}

func main() {
	var metricsAddr, probeAddr, pullSecretName string
	var enableLeaderElection bool
	flag.StringVar(&metricsAddr, "metrics-bind-address", "0", "The address the metrics endpoint binds to. "+
		"Use :8443 for HTTPS or :8080 for HTTP, or leave as 0 to disable the metrics service.")
	flag.StringVar(&probeAddr, "health-probe-bind-address", ":8081", "The address the probe endpoint binds to.")
	flag.BoolVar(&enableLeaderElection, "leader-elect", false,
		"Enable leader election for controller manager. "+
			"Enabling this will ensure there is only one active controller manager.")
	flag.StringVar(&pullSecretName, "pull-secret-name", "registry-credentials",
		"Name of the registry Secret that ServiceAccounts should reference.")
	opts := zap.Options{Development: true}
	opts.BindFlags(flag.CommandLine)
	flag.Parse()

	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&opts)))

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: probeAddr,
		LeaderElection:         enableLeaderElection,
		LeaderElectionID:       "3f2c8e1a.apps.example.com",
	})
	if err != nil {
		setupLog.Error(err, "unable to start manager")
		os.Exit(1)
	}

	for _, c := range []struct {
		name string
		r    interface{ SetupWithManager(ctrl.Manager) error }
	}{
		{"Memcached", &controller.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}},
		{"CronJob", &controller.CronJobReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}},
		{"Database", &controller.DatabaseReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}},
		{"WebApp", &controller.WebAppReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}},
		{"ConfigMapPropagator", &controller.ConfigMapPropagatorReconciler{Client: mgr.GetClient()}},
		{"PullSecret", &controller.PullSecretReconciler{Client: mgr.GetClient(), SecretName: pullSecretName}},
		{"NodeStorage", &controller.NodeStorageReconciler{Client: mgr.GetClient()}},
	} {
		if err := c.r.SetupWithManager(mgr); err != nil {
			setupLog.Error(err, "unable to create controller", "controller", c.name)
			os.Exit(1)
		}
	}
	// +kubebuilder:scaffold:builder

	// The namespace-defaults controller still runs on plain client-go. It
	// gets its own informer factory and runs as a leader-elected runnable.
	kubeClient := kubernetes.NewForConfigOrDie(mgr.GetConfig())
	informerFactory := informers.NewSharedInformerFactory(kubeClient, 10*time.Minute)
	nsController, err := legacy.NewNamespaceDefaultsController(kubeClient, informerFactory.Core().V1().Namespaces())
	if err != nil {
		setupLog.Error(err, "unable to create controller", "controller", "NamespaceDefaults")
		os.Exit(1)
	}
	if err := mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		informerFactory.Start(ctx.Done())
		defer informerFactory.Shutdown()
		return nsController.Run(ctx, 2)
	})); err != nil {
		setupLog.Error(err, "unable to add controller", "controller", "NamespaceDefaults")
		os.Exit(1)
	}

	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		setupLog.Error(err, "unable to set up ready check")
		os.Exit(1)
	}

	setupLog.Info("starting manager")
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		setupLog.Error(err, "problem running manager")
		os.Exit(1)
	}
}
