import json, sys
import numpy as np
def load(f):
    X=[];Y=[];S=[]
    for r in json.load(open(f)):
        for st, ds, dt, t in r["pos"]:
            if st > 19: continue
            mv = 1 if t else -1
            X.append((ds, ds*st/10, dt, dt*st/10, mv*(st%2), mv*(1-st%2))); Y.append(r["res"]); S.append(st)
    return np.array(X,float), np.array(Y), np.array(S)
def ll(p, y):
    p = np.clip(p, 1e-6, 1-1e-6); return -np.mean(y*np.log(p)+(1-y)*np.log(1-p))
def fit(x, y, l2=1e-4):
    w = np.zeros(x.shape[1])
    for _ in range(60):
        p = 1/(1+np.exp(-x@w)); g = x.T@(p-y)/len(y)+l2*w
        H = (x.T*(p*(1-p)))@x/len(y)+l2*np.eye(len(w)); w -= np.linalg.solve(H, g)
    return w
def old(x):
    v = (x[:,0]+0.4*x[:,2])/6.0; return 0.5+0.5*v/(1+np.abs(v))
def rat(x, w):
    z = (x@w)/2; return 0.5+0.5*z/(1+np.abs(z))
for f in sys.argv[1:]:
    X, Y, S = load(f)
    n = len(Y); h = n//2
    w = fit(X[:h], Y[:h])
    print(f, n, "w", np.round(w, 3))
    print("  held-out ll: old %.4f logistic %.4f rational %.4f const %.4f" % (ll(old(X[h:]), Y[h:]), ll(1/(1+np.exp(-X[h:]@w)), Y[h:]), ll(rat(X[h:], w), Y[h:]), ll(np.full(n-h, 0.5), Y[h:])))
    w = fit(X, Y); print("  all-data w", np.round(w, 3))
X, Y, S = load(sys.argv[-1]); w = fit(X, Y)
for c in (0.8, 1.0, 1.2, 1.5, 2.0):
    z = (X@w)/c; p = 0.5+0.5*z/(1+np.abs(z)); print("c", c, "ll %.4f" % ll(p, Y))
print("logistic ll %.4f" % ll(1/(1+np.exp(-X@w)), Y))
