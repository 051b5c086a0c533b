package controllers

import "errors"

var errNoReplicas = errors.New("no replicas")
