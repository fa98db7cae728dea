package world

// titleSince is the year each role, management area or office came into
// general use as a job title, for the names that are younger than the
// oldest careers of a world (about 1975); a name not listed is older.
// Years are those of the terms' public histories, named beside each: the
// coinage, then the spread that put the name on business cards outside
// the company that coined it. before names the title people of the role
// held until then, of the same line of work ("" for the line's oldest
// role that exists in the year).
var titleSince = map[string]struct {
	year   int
	before string
}{
	// Marketing.
	"SEO Specialist":            {1998, "Digital Marketing Manager"}, // "search engine optimization", 1997
	"Digital Marketing Manager": {1998, "Marketing Manager"},         // the commercial web, late 1990s
	"Content Marketing Manager": {2008, "Marketing Manager"},         // Content Marketing Institute, 2007
	"Social Media Manager":      {2008, "Communications Specialist"}, // Facebook and Twitter open to all, 2006
	"Growth Marketer":           {2012, "Digital Marketing Manager"}, // "growth hacker", Sean Ellis 2010
	"Growth":                    {2012, ""},
	// Sales.
	"Sales Development Representative": {2011, "Inside Sales Representative"}, // "Predictable Revenue", 2011
	"Partnerships Manager":             {1998, "Business Development Manager"},
	"Partnerships":                     {1998, ""},
	"Chief Revenue Officer":            {2005, ""},
	// Product and project.
	"Product Owner":         {2002, "Project Manager"}, // Scrum's roles, Agile Manifesto 2001
	"Scrum Master":          {2002, "Project Manager"}, // Certified ScrumMaster, 2002
	"Delivery Manager":      {2005, "Project Manager"},
	"Delivery":              {2005, ""},
	"Chief Product Officer": {2005, ""},
	// Software.
	"Backend Developer":         {2000, "Software Engineer"},
	"Frontend Developer":        {2005, "Software Engineer"}, // Ajax, 2005
	"Full Stack Developer":      {2010, "Software Engineer"}, // the term's spread, 2008 to 2010
	"DevOps Engineer":           {2010, "Software Engineer"}, // DevOpsDays, 2009
	"Site Reliability Engineer": {2014, "DevOps Engineer"},   // Google 2003; elsewhere from about 2014
	"Mobile Developer":          {2008, "Software Engineer"}, // the App Store, 2008
	"Cloud Engineer":            {2010, "Software Engineer"}, // EC2 out of beta, 2008
	"Java Developer":            {1997, "Software Engineer"}, // Java 1.0, 1996
	"Security Engineer":         {1996, "Software Engineer"},
	"Platform":                  {2008, ""},
	"Infrastructure":            {1995, ""},
	// Data.
	"Data Scientist":                {2009, "Data Analyst"},   // Patil and Hammerbacher, 2008
	"Data Engineer":                 {2011, "Data Analyst"},   // the Hadoop era
	"Machine Learning Engineer":     {2014, "Data Scientist"}, // deep learning in industry, 2012 on
	"Analytics Engineer":            {2019, "Data Engineer"},  // dbt Labs, 2019
	"Business Intelligence Analyst": {1995, "Data Analyst"},   // "business intelligence", Howard Dresner 1989
	"Data Science":                  {2010, ""},
	"Analytics":                     {2005, ""},
	"Data":                          {2005, ""},
	"Business Intelligence":         {1995, ""},
	"Chief Data Officer":            {2005, ""}, // Capital One, 2002
	// Design.
	"UX Designer":          {1998, "Visual Designer"}, // "user experience", Don Norman 1993
	"UX Researcher":        {2005, "UX Designer"},
	"UI Designer":          {1995, "Visual Designer"},
	"Interaction Designer": {1995, "Visual Designer"},
	"Product Designer":     {2010, "UX Designer"}, // of software products
	"User Experience":      {1998, ""},
	"Chief Design Officer": {2010, ""},
	// People.
	"HR Business Partner":           {1998, "HR Generalist"}, // Dave Ulrich's model, 1997
	"Talent Acquisition Specialist": {2000, "Recruiter"},
	"People Operations Specialist":  {2008, "HR Generalist"}, // Google's People Operations, 2006
	"Technical Recruiter":           {1995, "Recruiter"},
	"People":                        {2008, ""},
	"Talent Acquisition":            {2000, ""},
	"Chief People Officer":          {2010, ""},
	// Legal and finance.
	"Compliance Analyst":            {1995, "Paralegal"},
	"Risk & Compliance":             {1995, ""},
	"Chief Legal Officer":           {1995, ""},
	"Financial Planning & Analysis": {1990, ""},
	// Customer support.
	"Customer Success Manager":   {2005, "Client Services Manager"}, // Salesforce's customer success, 2005
	"Customer Success":           {2005, ""},
	"Customer Experience":        {2000, ""},
	"Technical Support Engineer": {1985, "Customer Service Representative"},
	"Chief Customer Officer":     {2005, ""},
	// Education, operations, production.
	"Learning & Development Specialist": {1995, "Corporate Trainer"},
	"Learning & Development":            {1995, ""},
	"Chief Learning Officer":            {1995, ""},                      // GE, 1990s
	"Supply Chain Analyst":              {1990, "Logistics Coordinator"}, // "supply chain management", 1982
	"Supply Chain":                      {1990, ""},
	"Motion Designer":                   {2000, "Animator"},
	"Content Producer":                  {2000, "Video Producer"},
	"Content":                           {2000, ""},
	"Chief Content Officer":             {2005, ""},
	"Chief Marketing Officer":           {1995, ""},
	"Chief Technology Officer":          {1985, ""},
	"Co-Founder & CTO":                  {1995, ""},
	"Embedded Software Engineer":        {1985, "Electrical Engineer"},
}

// sinceOf returns the year a name of titleSince came into use, or 0 for
// one that is older than any career.
func sinceOf(name string) int {
	return titleSince[name].year
}
