"""Seed by seed: a screen's Whist runs (a glob here) against main's whist-value records on the same seeds."""
import json,glob,sys,math,os
HERE=os.path.dirname(os.path.abspath(__file__))
def wins(pat):
    d={}
    for f in glob.glob(pat): d.update({r["deal"]:r["win"] for r in json.load(open(f))["records"]})
    return d
a=wins(os.path.join(HERE, sys.argv[1])); b=wins(os.path.join(HERE, '..', '..', 'whist-value.s*.json'))
if len(sys.argv)>2: b=wins(sys.argv[2])
n=len(a); x=sum(a.values()); y=sum(b[s] for s in a)
on=sum(1 for s in a if a[s]>b[s]); om=sum(1 for s in a if a[s]<b[s])
d=[a[s]-b[s] for s in a]; m=sum(d)/n; sd=math.sqrt(sum((v-m)**2 for v in d)/(n-1)) if n>1 else 0
print(f"{sys.argv[1]}: n={n} new={x:.0f} base={y:.0f} only_new={on} only_base={om} diff={100*m:+.1f} [{100*(m-1.96*sd/math.sqrt(n)):+.1f}, {100*(m+1.96*sd/math.sqrt(n)):+.1f}]")
